import { sql } from 'kysely';
import type { Db } from '../db/database';

export function createRateLimitStore(db: Db) {
  return {
    /**
     * Counts one hit against `key` in a fixed window, atomically in the database so that every
     * server instance on the same database shares the count. A window older than `windowStart`
     * restarts at 1. Returns the count and the start of the current window.
     */
    async hit(key: string, now: string, windowStart: string): Promise<{ count: number; windowStart: string }> {
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: now, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.window_start < ${windowStart} then 1 else rate_limits.count + 1 end`,
            window_start: sql<string>`case when rate_limits.window_start < ${windowStart} then ${now} else rate_limits.window_start end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), windowStart: row.window_start };
    },

    /** The current window of `key` without counting a hit. */
    peek: (key: string): Promise<{ count: number; window_start: string } | undefined> =>
      db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst(),

    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },

    /** Deletes windows that started before `windowStart` (long over); returns how many. */
    async pruneBefore(windowStart: string): Promise<number> {
      const result = await db.deleteFrom('rate_limits').where('window_start', '<', windowStart).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
