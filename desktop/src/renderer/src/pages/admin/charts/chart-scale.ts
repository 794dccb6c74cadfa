export interface Scale {
  /** The top of the axis: a round number at or above the largest value. */
  max: number;
  ticks: number[];
}

/**
 * A value axis from 0 with about `target` round steps (1, 2, 2.5 or 5 times a power of ten).
 * `integer` keeps steps whole (counts of people or files never show 0.5).
 */
export function niceScale(largest: number, { target = 4, integer = false }: { target?: number; integer?: boolean } = {}): Scale {
  const top = Number.isFinite(largest) && largest > 0 ? largest : 0;
  if (top === 0) return { max: 1, ticks: integer ? [0, 1] : [0, 0.25, 0.5, 0.75, 1] };
  const raw = top / target;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  let step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 2.5 ? 2.5 : residual <= 5 ? 5 : 10) * magnitude;
  if (integer) step = Math.max(1, Math.ceil(step));
  const count = Math.max(1, Math.ceil(top / step - 1e-9));
  // Rounding keeps 0.1 + 0.2 style sums off the axis labels.
  const ticks = Array.from({ length: count + 1 }, (_, index) => Number((index * step).toPrecision(12)));
  return { max: ticks[ticks.length - 1]!, ticks };
}

/** Show every n-th category label so that labels stay `minSpacing` pixels apart. */
export function labelStride(count: number, width: number, minSpacing: number): number {
  if (count <= 0 || width <= 0) return 1;
  return Math.max(1, Math.ceil((count * minSpacing) / width));
}
