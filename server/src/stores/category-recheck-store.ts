import type { Db } from '../db/database';
import type { Category } from '../db/schema';

/** Directories whose stored category is recomputed from their files (listed by migration 0010). */
export function createCategoryRecheckStore(db: Db) {
  return {
    next: (limit: number): Promise<string[]> =>
      db
        .selectFrom('category_rechecks')
        .select('cid')
        .orderBy('cid')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((row) => row.cid)),

    /** Gives every directory record of `cid` its category (null: left as it was) and takes it off the list, at once. */
    async settle(cid: string, category: Category | null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (category !== null) {
          await trx.updateTable('uploads').set({ category }).where('cid', '=', cid).where('type', '=', 'directory').execute();
        }
        await trx.deleteFrom('category_rechecks').where('cid', '=', cid).execute();
      });
    },
  };
}
