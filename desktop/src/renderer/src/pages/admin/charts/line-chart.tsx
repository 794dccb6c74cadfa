import { ChartFrame } from './chart-frame';
import { labelStride, niceScale } from './chart-scale';
import { PLOT_MARGIN, type ChartProps } from './chart-types';
import { axisWidth, ValueAxis } from './value-axis';

/** One line per series over the categories, with a soft area under the first, as inline SVG. */
export function LineChart(props: ChartProps) {
  const { series, points, format, integer, height = 240 } = props;
  const scale = niceScale(Math.max(0, ...points.flatMap((point) => point.values)), { integer });
  return (
    <ChartFrame {...props} height={height}>
      {(width) => {
        const left = axisWidth(scale, format);
        const right = width - PLOT_MARGIN.right;
        const bottom = height - PLOT_MARGIN.bottom;
        const plotHeight = bottom - PLOT_MARGIN.top;
        const step = points.length > 1 ? (right - left) / (points.length - 1) : 0;
        const x = (index: number) => (points.length > 1 ? left + index * step : (left + right) / 2);
        const y = (value: number) => bottom - (value / scale.max) * plotHeight;
        const stride = labelStride(points.length, right - left, 44);
        const dotRadius = step >= 12 ? 3 : 0;
        return (
          <>
            <ValueAxis scale={scale} left={left} right={right} y={y} format={format} />
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
