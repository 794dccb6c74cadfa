import type { Db } from '../db/database';
import { lockAccount } from '../db/locks';
import type { S3KeyRow } from '../db/schema';

/** How stale `last_used_at` may be: a busy client does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

/** Accounts' S3 access keys. */
export function createS3KeyStore(db: Db) {
  return {
    async insert(row: S3KeyRow): Promise<void> {
      await db.insertInto('s3_keys').values(row).execute();
    },

    /**
     * Inserts the key unless the account has `max` already. The account's row is locked first
     * (PostgreSQL; SQLite writes one at a time), so that concurrent creations cannot all pass the count.
     */
    async insertWithin(row: S3KeyRow, max: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, row.user_id);
        const { n } = await trx
          .selectFrom('s3_keys')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', row.user_id)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return false;
        await trx.insertInto('s3_keys').values(row).execute();
        return true;
      });
    },

    async listForUser(userId: string): Promise<S3KeyRow[]> {
      return db.selectFrom('s3_keys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
    },

    async countForUser(userId: string): Promise<number> {
      const row = await db
        .selectFrom('s3_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async deleteForUser(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('s3_keys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findByAccessKeyId(accessKeyId: string): Promise<S3KeyRow | undefined> {
      return db.selectFrom('s3_keys').selectAll().where('access_key_id', '=', accessKeyId).executeTakeFirst();
    },

    /** Notes a use of the key, at most once a minute. */
    async touch(row: S3KeyRow, now: Date): Promise<void> {
      if (row.last_used_at && now.getTime() - Date.parse(row.last_used_at) < TOUCH_EVERY_MS) return;
      await db.updateTable('s3_keys').set({ last_used_at: now.toISOString() }).where('id', '=', row.id).execute();
    },
  };
}
