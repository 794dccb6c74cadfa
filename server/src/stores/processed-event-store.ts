import type { Db } from '../db/database';

/** Provider events already handled, so that a redelivered or replayed event changes nothing. */
export function createProcessedEventStore(db: Db) {
  return {
    /** Records the event; false when it was already recorded (by this or another instance). */
    async claim(id: string, type: string, now: string): Promise<boolean> {
      const result = await db
        .insertInto('processed_events')
        .values({ id, type, processed_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Forgets a claim whose handling failed, so the provider's retry is handled. */
    async release(id: string): Promise<void> {
      await db.deleteFrom('processed_events').where('id', '=', id).execute();
    },
  };
}
