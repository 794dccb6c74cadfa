export type SeriesTone = 'primary' | 'secondary' | 'tertiary';

export interface ChartSeries {
  key: string;
  label: string;
  tone: SeriesTone;
}

export interface ChartPoint {
  /** Short label under the axis ("3 Mar"). */
  label: string;
  /** Full label for the figures table and tooltips ("3 March 2026"). */
  fullLabel: string;
  /** One value per series, in the order of `series`. */
  values: number[];
}

export interface ChartProps {
  title: string;
  /** What the chart shows, for screen readers (the figures table has the details). */
  summary: string;
  /** Header of the first column of the figures table ("Day", "Period"). */
  categoryLabel: string;
  series: ChartSeries[];
  points: ChartPoint[];
  format(value: number): string;
  /** Whole-number steps on the value axis (counts). */
  integer?: boolean;
  height?: number;
  /** Shown instead of bare axes when every value is 0 (a series over time with nothing in it). */
  emptyTitle?: string;
}

export const PLOT_MARGIN = { top: 12, right: 12, bottom: 30 };

/** Where a chart draws its marks in the SVG; the frame has drawn the value axis at its left. */
export interface Plot {
  left: number;
  right: number;
  /** The baseline: where a value of 0 sits, above the category labels. */
  bottom: number;
  /** The vertical position of a value. */
  y(value: number): number;
  /** Label every n-th category only, so that the labels do not run into each other. */
  stride: number;
}
