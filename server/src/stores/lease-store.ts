import type { Db } from '../db/database';

/**
 * Named leases in the database: a lock that holds across every instance sharing it. A lease is
 * taken when free or expired (its holder died), renewed while held and deleted when given back.
 */
export function createLeaseStore(db: Db) {
  return {
    /** True when `owner` now holds `name` until `until`. One statement, atomic on both databases. */
    async acquire(name: string, owner: string, now: string, until: string): Promise<boolean> {
      const row = await db
        .insertInto('leases')
        .values({ name, owner, expires_at: until })
        .onConflict((oc) => oc.column('name').doUpdateSet({ owner, expires_at: until }).where('leases.expires_at', '<', now))
        .returning('owner')
        .executeTakeFirst();
      return row?.owner === owner;
    },

    /** Extends `owner`'s lease on `name`; false when `owner` does not hold it any more. */
    async renew(name: string, owner: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('leases')
        .set({ expires_at: until })
        .where('name', '=', name)
        .where('owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async release(name: string, owner: string): Promise<void> {
      await db.deleteFrom('leases').where('name', '=', name).where('owner', '=', owner).execute();
    },

    /** Whether someone holds `name` at `now` (an expired lease is held by nobody). */
    async isHeld(name: string, now: string): Promise<boolean> {
      const row = await db.selectFrom('leases').select('name').where('name', '=', name).where('expires_at', '>=', now).executeTakeFirst();
      return row !== undefined;
    },

    /** How many unexpired leases have a name that starts with `prefix`. */
    async countHeld(prefix: string, now: string): Promise<number> {
      const row = await db
        .selectFrom('leases')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('name', 'like', `${prefix}%`)
        .where('expires_at', '>=', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Deletes the expired leases whose name starts with `prefix` (their holders died). */
    async pruneExpired(prefix: string, now: string): Promise<number> {
      const result = await db.deleteFrom('leases').where('name', 'like', `${prefix}%`).where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type LeaseStore = ReturnType<typeof createLeaseStore>;
