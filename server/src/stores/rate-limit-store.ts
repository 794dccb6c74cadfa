import type { Db } from '../db/database';

/**
 * The counters of the request and sign-in limits, beside rate-limiter-flexible, which reads and
 * writes them itself (lib/shared-limiters.ts): what it leaves to its owner is deleting windows long over.
 */
export function createRateLimitStore(db: Db) {
  return {
    /** Deletes the counters whose window ended before `beforeMs` (epoch ms); returns how many. */
    async pruneEndedBefore(beforeMs: number): Promise<number> {
      const result = await db.deleteFrom('request_limits').where('expire', '<', beforeMs).executeTakeFirst();
      // What an instance of the previous version (fixed windows in `rate_limits`, before 0033) left.
      const legacy = await db.deleteFrom('rate_limits').where('window_start', '<', new Date(beforeMs).toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows) + Number(legacy.numDeletedRows);
    },
  };
}
