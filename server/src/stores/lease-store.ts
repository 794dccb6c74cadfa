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

    async renew(name: string, owner: string, until: string): Promise<void> {
      await db.updateTable('leases').set({ expires_at: until }).where('name', '=', name).where('owner', '=', owner).execute();
    },

    async release(name: string, owner: string): Promise<void> {
      await db.deleteFrom('leases').where('name', '=', name).where('owner', '=', owner).execute();
    },
  };
}
export type LeaseStore = ReturnType<typeof createLeaseStore>;
