import type { StatsPeriod } from '@cairn/shared';
import type { AppContext } from '../../context';
import { incomeBounds } from '../admin/stats-reader';
import { fillDays } from './bandwidth-reader';
import { utcDay } from './bandwidth-meter';

const TOP_ACCOUNTS = 20;

/**
 * Gateway bandwidth of every account over one of the admin console's periods: the total, the
 * accounts that downloaded the most and a series per day. Counted by whole UTC days: `24h` is
 * yesterday and today.
 */
export async function adminBandwidthReader(app: AppContext, period: StatsPeriod) {
  const now = app.clock.now();
  const from = incomeBounds(new Date(now))[period].slice(0, 10);
  const to = utcDay(now);
  const [total, accounts, days] = await Promise.all([
    app.stores.bandwidth.total(from),
    app.stores.bandwidth.topAccounts(from, TOP_ACCOUNTS),
    app.stores.bandwidth.allDays(from),
  ]);
  return { period, from, to, bytes: total.bytes, requests: total.requests, accounts, days: fillDays(from, to, days) };
}
