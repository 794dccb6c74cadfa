import type { Scale } from './chart-scale';

/** Horizontal grid lines with their values on the left edge of the plot. */
export function ValueAxis({
  scale,
  left,
  right,
  y,
  format,
}: {
  scale: Scale;
  left: number;
  right: number;
  y(value: number): number;
  format(value: number): string;
}) {
  return (
    <g className="chart-axis" aria-hidden="true">
      {scale.ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'chart-baseline' : 'chart-gridline'} />
          <text x={left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Room for the longest value label, in pixels. */
export function axisWidth(scale: Scale, format: (value: number) => string): number {
  const longest = Math.max(...scale.ticks.map((tick) => format(tick).length));
  return Math.min(96, 14 + longest * 7);
}
