import { ChartFrame } from './chart-frame';
import type { ChartProps } from './chart-types';

/** One line per series over the categories, with a soft area under the first, as inline SVG. */
export function LineChart(props: ChartProps) {
  const { series, points, format } = props;
  return (
    <ChartFrame {...props}>
      {({ left, right, bottom, y, stride }) => {
        const step = points.length > 1 ? (right - left) / (points.length - 1) : 0;
        const x = (index: number) => (points.length > 1 ? left + index * step : (left + right) / 2);
        const dotRadius = step >= 12 ? 3 : 0;
        return (
          <>
            {series.map((item, seriesIndex) => {
              const coords = points.map((point, index) => [x(index), y(point.values[seriesIndex] ?? 0)] as const);
              const line = coords.map(([px, py], index) => `${index === 0 ? 'M' : 'L'}${px.toFixed(1)},${py.toFixed(1)}`).join('');
              const area = coords.length
                ? `${line}L${coords[coords.length - 1]![0].toFixed(1)},${bottom}L${coords[0]![0].toFixed(1)},${bottom}Z`
                : '';
              return (
                <g key={item.key} className={`tone-${item.tone}`}>
                  {seriesIndex === 0 && <path d={area} className="chart-area" />}
                  <path d={line} className="chart-line" />
                  {coords.map(([px, py], index) => (
                    <circle
                      key={points[index]!.fullLabel}
                      cx={px}
                      cy={py}
                      r={dotRadius || 6}
                      className={dotRadius ? 'chart-dot' : 'chart-hit'}
                    >
                      <title>{`${points[index]!.fullLabel} · ${item.label}: ${format(points[index]!.values[seriesIndex] ?? 0)}`}</title>
                    </circle>
                  ))}
                </g>
              );
            })}
            {points.map((point, index) =>
              index % stride === 0 ? (
                <text key={point.fullLabel} className="chart-label" x={x(index)} y={bottom + 18} textAnchor="middle" aria-hidden="true">
                  {point.label}
                </text>
              ) : null,
            )}
          </>
        );
      }}
    </ChartFrame>
  );
}
