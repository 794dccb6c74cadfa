import { bytesToMb } from '@cairn/shared';
import type { AppContext } from '../../context';
import { centsToEur } from '../../lib/units';
import type { DayCount } from '../../stores/admin/stats';

const DAY_MS = 86_400_000;
export const ACTIVE_WINDOW_DAYS = 30;
const DAILY_DAYS = 30;
const TOP_REFERRERS = 10;

/** The start of each income period, counted back from `now` (months and years by the calendar, in UTC). */
export function incomeBounds(now: Date): Record<'24h' | '7d' | '15d' | '30d' | '3m' | '6m' | '1y', string> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const monthsAgo = (months: number) => {
    // The same day of the month, or the month's last day when it is shorter (31 May → 28/29 February).
    const date = new Date(now);
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() - months);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(now.getUTCDate(), lastDay));
    return date.toISOString();
  };
  return {
    '24h': daysAgo(1),
    '7d': daysAgo(7),
    '15d': daysAgo(15),
    '30d': daysAgo(30),
    '3m': monthsAgo(3),
    '6m': monthsAgo(6),
    '1y': monthsAgo(12),
  };
}

/** The last `count` UTC days, oldest first, today included, as YYYY-MM-DD. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** How long the record figures are served before they are read again (see `recordFigures`). */
export const RECORD_FIGURES_MAX_AGE_MS = 30_000;

interface RecordFigures {
  content: Awaited<ReturnType<AppContext['stores']['admin']['stats']['content']>>;
  uploadsPerDay: DayCount[];
}
interface Kept {
  at: number;
  since: string;
  figures: Promise<RecordFigures>;
  refreshing: boolean;
}
const kept = new WeakMap<AppContext, Kept>();

/**
 * The records, their bytes and distinct CIDs of every account, and the records of each of the last
 * days: reads of every record (or every record of a month), so each instance reads them at most
 * every 30 seconds, and a dashboard asking in between gets the last figures while the next read runs
 * behind it. Only an instance's first request, and the first of a new day, wait for them.
 */
function recordFigures(app: AppContext, since: string): Promise<RecordFigures> {
  const entry = kept.get(app);
  const read = async (): Promise<RecordFigures> => {
    const [content, uploadsPerDay] = await Promise.all([app.stores.admin.stats.content(), app.stores.admin.stats.uploadsPerDay(since)]);
    return { content, uploadsPerDay };
  };
  if (!entry || entry.since !== since) {
    const fresh: Kept = { at: Date.now(), since, figures: read(), refreshing: false };
    kept.set(app, fresh);
    fresh.figures.catch(() => kept.get(app) === fresh && kept.delete(app));
    return fresh.figures;
  }
  if (Date.now() - entry.at >= RECORD_FIGURES_MAX_AGE_MS && !entry.refreshing) {
    entry.refreshing = true;
    const next = read();
    next.then(
      () => kept.get(app) === entry && kept.set(app, { at: Date.now(), since, figures: next, refreshing: false }),
      () => (entry.refreshing = false),
    );
  }
  return entry.figures;
}

/** Dashboard figures: accounts, content, income per period, top referrers and a daily series. */
export async function statsReader(app: AppContext, now = new Date()) {
  const stats = app.stores.admin.stats;
  const days = lastDays(now, DAILY_DAYS);
  const since = `${days[0]}T00:00:00.000Z`;
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_DAYS * DAY_MS).toISOString();
  const [accounts, { content, uploadsPerDay: uploads }, income, referrers, signups, paid] = await Promise.all([
    stats.accounts(activeSince),
    recordFigures(app, since),
    stats.incomeCents(incomeBounds(now)),
    stats.topReferrers(TOP_REFERRERS),
    stats.signupsPerDay(since),
    stats.incomeCentsPerDay(since),
  ]);
  const byDay = (rows: { day: string; n: number }[]) => new Map(rows.map((row) => [row.day, row.n]));
  const [signupsByDay, uploadsByDay, paidByDay] = [byDay(signups), byDay(uploads), byDay(paid)];
  return {
    ...accounts,
    ...content,
    income: Object.fromEntries(Object.entries(income).map(([period, cents]) => [period, centsToEur(cents)])),
    topReferrers: referrers.map((row) => ({
      userId: row.id,
      email: row.email,
      referrals: row.referrals,
      earnedMb: bytesToMb(row.earned_bytes),
    })),
    daily: days.map((date) => ({
      date,
      signups: signupsByDay.get(date) ?? 0,
      uploads: uploadsByDay.get(date) ?? 0,
      incomeEur: centsToEur(paidByDay.get(date) ?? 0),
    })),
  };
}
