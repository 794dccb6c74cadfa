import type { AdminStats } from '@cairn/shared/api-types';
import { dateFormatter } from '../../../lib/intl-locale';
import type { ChartPoint } from '../charts/chart-types';

type DailyFigures = AdminStats['daily'][number];
/** The income periods, shortest first, as the overview shows them. */
export const INCOME_PERIODS = [
  '24h',
  '7d',
  '15d',
  '30d',
  '3m',
  '6m',
  '1y',
  'all',
] as const satisfies readonly (keyof AdminStats['income'])[];

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** The daily series as chart points: "3 Mar" under the axis, the full date in the figures. */
export function dailyPoints(daily: DailyFigures[], language: string, pick: (day: DailyFigures) => number[]): ChartPoint[] {
  const short = dateFormatter(language, 'day-month', 'UTC');
  const long = dateFormatter(language, 'date-long', 'UTC');
  return daily.map((day) => ({ label: short(utc(day.date)), fullLabel: long(utc(day.date)), values: pick(day) }));
}

/** Income per period, shortest first, with the periods' translated short and long names. */
export function incomePoints(
  income: AdminStats['income'],
  short: (period: string) => string,
  long: (period: string) => string,
): ChartPoint[] {
  return INCOME_PERIODS.map((period) => ({ label: short(period), fullLabel: long(period), values: [income[period]] }));
}

/** Totals over the daily series, for the chart summaries read by screen readers. */
export function dailyTotals(daily: DailyFigures[]) {
  return daily.reduce(
    (sum, day) => ({ signups: sum.signups + day.signups, uploads: sum.uploads + day.uploads, incomeEur: sum.incomeEur + day.incomeEur }),
    { signups: 0, uploads: 0, incomeEur: 0 },
  );
}
