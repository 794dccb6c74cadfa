import { ChartFrame } from './chart-frame';
import type { ChartProps } from './chart-types';

/** Vertical bars, one group per category and one bar per series, drawn as inline SVG. */
export function BarChart(props: ChartProps) {
  const { series, points, format } = props;
  return (
    <ChartFrame {...props}>
      {({ left, right, bottom, y, stride }) => {
        const band = (right - left) / Math.max(1, points.length);
        const groupWidth = Math.max(2, band * 0.72);
        const barWidth = groupWidth / Math.max(1, series.length);
        return points.map((point, index) => {
          const groupLeft = left + index * band + (band - groupWidth) / 2;
          return (
            <g key={point.fullLabel}>
              {point.values.map((value, seriesIndex) => {
                const top = y(value);
                return (
                  <rect
                    key={series[seriesIndex]?.key ?? seriesIndex}
                    className={`chart-bar tone-${series[seriesIndex]?.tone ?? 'primary'}`}
                    x={groupLeft + seriesIndex * barWidth}
                    y={Math.min(top, bottom - (value > 0 ? 1 : 0))}
                    width={Math.max(1, barWidth - (series.length > 1 ? 1 : 0))}
                    height={Math.max(value > 0 ? 1 : 0, bottom - top)}
                    rx={Math.min(3, barWidth / 4)}
                  >
                    <title>{`${point.fullLabel} · ${series[seriesIndex]?.label ?? ''}: ${format(value)}`}</title>
                  </rect>
                );
              })}
              {index % stride === 0 && (
                <text className="chart-label" x={left + index * band + band / 2} y={bottom + 18} textAnchor="middle" aria-hidden="true">
                  {point.label}
                </text>
              )}
            </g>
          );
        });
      }}
    </ChartFrame>
  );
}
