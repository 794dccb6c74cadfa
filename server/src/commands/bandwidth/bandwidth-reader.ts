import type { BandwidthQuery } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UploadRow, UserRow } from '../../db/schema';
import type { DayTotal } from '../../stores/bandwidth-store';
import { monthStart, utcDay } from './bandwidth-meter';

const DAY_MS = 86_400_000;
const TOP_RECORDS = 10;

/** Every UTC day in [from, to], oldest first. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += DAY_MS) days.push(utcDay(ms));
  return days;
}

/** One entry per day of the range, days with nothing at 0. */
export function fillDays(from: string, to: string, rows: DayTotal[]) {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysBetween(from, to).map((date) => ({ date, bytes: byDay.get(date)?.bytes ?? 0, requests: byDay.get(date)?.requests ?? 0 }));
}

/** The range asked for, else this month so far. */
export function rangeOf(app: AppContext, query: BandwidthQuery): { from: string; to: string } {
  const now = app.clock.now();
  const to = query.to ?? utcDay(now);
  return { from: query.from ?? (query.to ? `${to.slice(0, 7)}-01` : monthStart(now)), to };
}

/**
 * An account's gateway bandwidth: this month against its plan's allowance (what this instance
 * counted but has not written yet included), a series per day and its records that sent the most.
 */
export async function bandwidthReader(app: AppContext, user: UserRow, query: BandwidthQuery) {
  const { from, to } = rangeOf(app, query);
  const [standing, days, top, month] = await Promise.all([
    app.bandwidth.standing(user.id),
    app.stores.bandwidth.accountDays(user.id, from, to),
    app.stores.bandwidth.topRecords(user.id, from, to, TOP_RECORDS),
    app.stores.bandwidth.accountDays(user.id, monthStart(app.clock.now()), utcDay(app.clock.now())),
  ]);
  const limit = standing.limitBytes;
  return {
    month: {
      from: monthStart(app.clock.now()),
      bytes: standing.usedBytes,
      requests: month.reduce((sum, day) => sum + day.requests, 0),
      limitBytes: limit,
      overLimit: standing.overLimit,
      percent: limit === null ? 0 : Math.min(100, Math.round((standing.usedBytes / limit) * 10_000) / 100),
      limitReached: limit !== null && standing.usedBytes >= limit,
    },
    from,
    to,
    days: fillDays(from, to, days),
    top: top.map((record) => ({
      uploadId: record.uploadId,
      name: record.name,
      cid: record.cid,
      bytes: record.bytes,
      requests: record.requests,
    })),
  };
}

/** One record's gateway bandwidth per day (the caller has checked it is the account's). */
export async function recordBandwidthReader(app: AppContext, upload: UploadRow, query: BandwidthQuery) {
  const { from, to } = rangeOf(app, query);
  const days = fillDays(from, to, await app.stores.bandwidth.recordDays(upload.id, from, to));
  return {
    uploadId: upload.id,
    from,
    to,
    bytes: days.reduce((sum, day) => sum + day.bytes, 0),
    requests: days.reduce((sum, day) => sum + day.requests, 0),
    days,
  };
}
