import { z } from 'zod';

/** The longest span one bandwidth series covers, in days. */
export const BANDWIDTH_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const isRealDay = (value: string) => {
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD`)
    .refine(isRealDay, `${name} must be a real calendar date`)
    .meta({ pattern: String.raw`^\d{4}-\d{2}-\d{2}$` })
    .optional();

/** `?from&to` of a bandwidth series: UTC days, both included; this month so far unless given. */
export const bandwidthQuerySchema = z
  .object({ from: day('from'), to: day('to') })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { path: ['from'], message: 'from must not be after to' })
  .refine((range) => !range.from || !range.to || (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS < BANDWIDTH_MAX_DAYS, {
    path: ['to'],
    message: `A bandwidth series covers at most ${BANDWIDTH_MAX_DAYS} days`,
  });
export type BandwidthQuery = z.infer<typeof bandwidthQuerySchema>;

/** The ranges of the admin console's figures. */
export const STATS_PERIODS = ['24h', '7d', '15d', '30d', '3m', '6m', '1y'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** `?period` of the admin bandwidth figures (30 days unless given). */
export const adminBandwidthQuerySchema = z.object({
  period: z.enum(STATS_PERIODS, { error: 'period must be 24h, 7d, 15d, 30d, 3m, 6m or 1y' }).default('30d'),
});
export type AdminBandwidthQuery = z.infer<typeof adminBandwidthQuerySchema>;
