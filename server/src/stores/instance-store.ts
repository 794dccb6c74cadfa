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

    /**
     * Forgets instances silent since before `before`, and the periodic jobs each kept for its own
     * disk (ids `<kind>@<instance>`); returns how many instances.
     */
    async pruneSilentSince(before: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const gone = await trx.selectFrom('instances').select('id').where('heartbeat_at', '<', before).execute();
        if (gone.length === 0) return 0;
        const ids = gone.map((row) => row.id);
        await trx
          .deleteFrom('jobs')
          .where(
            'id',
            'in',
            ids.map((id) => `partials@${id}`),
          )
          .execute();
        await trx.deleteFrom('instances').where('id', 'in', ids).execute();
        return ids.length;
      });
    },

    async find(id: string): Promise<InstanceRow | undefined> {
      return db.selectFrom('instances').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
