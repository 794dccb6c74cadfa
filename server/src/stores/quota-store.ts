import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Quota accounting. `users.storage_used` counts stored bytes and `users.storage_reserved` bytes of
 * uploads still streaming; a reservation grows only through one conditional UPDATE of the user
 * row, which both databases apply atomically, so concurrent uploads can never overshoot the limit.
 * Each reservation also has a row with a heartbeat so that one left by a crashed process is freed.
 */
export function createQuotaStore(db: Db) {
  return {
    async open(id: string, userId: string, now: string): Promise<void> {
      await db.insertInto('quota_reservations').values({ id, user_id: userId, bytes: 0, heartbeat_at: now }).execute();
    },

    /**
     * Opens a reservation only if the account then has at most `max` live ones (beating since
     * `aliveSince`), counted in the database so the limit holds across instances. Two racing
     * openers may both be refused; neither is ever let past the limit.
     */
    async openWithin(id: string, userId: string, now: string, max: number, aliveSince: string): Promise<boolean> {
      await db.insertInto('quota_reservations').values({ id, user_id: userId, bytes: 0, heartbeat_at: now }).execute();
      const { n } = await db
        .selectFrom('quota_reservations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('heartbeat_at', '>=', aliveSince)
        .executeTakeFirstOrThrow();
      if (Number(n) <= max) return true;
      await db.deleteFrom('quota_reservations').where('id', '=', id).execute();
      return false;
    },

    /** Grows a reservation by `delta` if used + reserved + delta stays within `limit`; false otherwise. */
    async grow(id: string, userId: string, delta: number, limit: number, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('users')
          .set({ storage_reserved: sql`storage_reserved + ${delta}` })
          .where('id', '=', userId)
          .where(sql<boolean>`storage_used + storage_reserved + ${delta} <= ${limit}`)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('quota_reservations')
          .set({ bytes: sql`bytes + ${delta}`, heartbeat_at: now })
          .where('id', '=', id)
          .execute();
        return true;
      });
    },

    async heartbeat(id: string, now: string): Promise<void> {
      await db.updateTable('quota_reservations').set({ heartbeat_at: now }).where('id', '=', id).execute();
    },

    /** Drops a reservation and gives its bytes back; run inside the transaction that records the upload. */
    async release(trx: Db, id: string): Promise<void> {
      await releaseWhere(trx, id);
    },

    /**
     * Gives back a reservation whose heartbeat stopped before `before` (its process died). The
     * DELETE … RETURNING takes the row exactly once, so instances sweeping together never free
     * the same bytes twice. True when this call freed it.
     */
    async releaseIfStale(id: string, before: string): Promise<boolean> {
      return db.transaction().execute((trx) => releaseWhere(trx, id, before));
    },

    /** Reservation ids whose heartbeat stopped before `before` (their process died). */
    async stale(before: string): Promise<string[]> {
      const rows = await db.selectFrom('quota_reservations').select('id').where('heartbeat_at', '<', before).execute();
      return rows.map((r) => r.id);
    },

    /** Charges bytes that are already stored (a finished pin) if they fit; false when over the limit. */
    async charge(trx: Db, userId: string, bytes: number, limit: number | null): Promise<boolean> {
      let query = trx
        .updateTable('users')
        .set({ storage_used: sql`storage_used + ${bytes}` })
        .where('id', '=', userId);
      if (limit !== null) query = query.where(sql<boolean>`storage_used + storage_reserved + ${bytes} <= ${limit}`);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The account's stored bytes as `trx` sees them. */
    async used(trx: Db, userId: string): Promise<number> {
      const row = await trx.selectFrom('users').select('storage_used').where('id', '=', userId).executeTakeFirst();
      return Number(row?.storage_used ?? 0);
    },

    async refund(trx: Db, userId: string, bytes: number): Promise<void> {
      await trx
        .updateTable('users')
        .set({ storage_used: sql`case when storage_used >= ${bytes} then storage_used - ${bytes} else 0 end` })
        .where('id', '=', userId)
        .execute();
    },
  };
}
async function releaseWhere(trx: Db, id: string, staleBefore?: string): Promise<boolean> {
  let query = trx.deleteFrom('quota_reservations').where('id', '=', id);
  if (staleBefore) query = query.where('heartbeat_at', '<', staleBefore);
  const row = await query.returning(['user_id', 'bytes']).executeTakeFirst();
  if (!row) return false;
  await trx
    .updateTable('users')
    .set({
      storage_reserved: sql`case when storage_reserved >= ${Number(row.bytes)} then storage_reserved - ${Number(row.bytes)} else 0 end`,
    })
    .where('id', '=', row.user_id)
    .execute();
  return true;
}
