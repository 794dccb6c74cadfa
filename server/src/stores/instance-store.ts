import type { Db } from '../db/database';
import type { InstanceRow } from '../db/schema';

/** The deployment's API instances: each one beats its row while it runs. */
export function createInstanceStore(db: Db) {
  return {
    /** Records the instance's address and that it is alive now. */
    async beat(id: string, url: string, now: string): Promise<void> {
      await db
        .insertInto('instances')
        .values({ id, url, heartbeat_at: now })
        .onConflict((oc) => oc.column('id').doUpdateSet({ url, heartbeat_at: now }))
        .execute();
    },

    /** Forgets instances silent since before `before`; returns how many. */
    async pruneSilentSince(before: string): Promise<number> {
      const result = await db.deleteFrom('instances').where('heartbeat_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async find(id: string): Promise<InstanceRow | undefined> {
      return db.selectFrom('instances').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
