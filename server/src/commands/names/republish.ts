import type { AppContext } from '../../context';
import type { Task } from '../../jobs/runner';
import { announceRecords } from '../../names/announce';
import { signNext } from './publish';

/** How often the names task runs: often enough that a short validity is renewed in time. */
export const NAMES_TASK_EVERY_MS = 5 * 60_000;
/** Records renewed in one pass at most; the next pass takes the rest, soonest expiry first. */
const RENEWALS_PER_PASS = 500;

/**
 * Signs again, with the next sequence and the same value, every record of an account's name that
 * has less than half its validity left, so the name never stops resolving while it exists.
 * Returns how many were renewed.
 */
export async function renewRecords(app: AppContext, now: number): Promise<number> {
  // The longest validity is a year: anything ending within half of it is a candidate, checked against its own.
  const horizon = new Date(now + 183 * 24 * 3_600_000).toISOString();
  let renewed = 0;
  for (const row of await app.stores.ipns.expiringBefore(horizon, RENEWALS_PER_PASS)) {
    const key = await app.stores.ipns.keyById(row.key_id);
    if (!key) continue;
    const halfValidityMs = (key.validity_hours * 3_600_000) / 2;
    if (Date.parse(row.valid_until) - now > halfValidityMs) continue;
    await signNext(app, key, row.value, key.ttl_seconds, key.validity_hours, null);
    renewed++;
  }
  return renewed;
}

/** The periodic task of names: renew what runs out, then announce what changed. */
export const namesTask: Task = {
  kind: 'names',
  everyMs: NAMES_TASK_EVERY_MS,
  run: async (app) => {
    const renewed = await renewRecords(app, app.clock.now());
    const announced = await announceRecords(app);
    if (renewed + announced > 0) app.logger.info('IPNS names', { renewed, announced });
  },
};
