import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ResumableUploadRow } from '../db/schema';

export type NewResumableUpload = Omit<ResumableUploadRow, 'bytes_reserved' | 'upload_id' | 'duplicate'>;

/**
 * tus uploads in progress. The announced size is reserved on the account when the upload is
 * created, through the same conditional UPDATE of the user row as streaming reservations, so
 * pending uploads and streaming ones together never overshoot the limit.
 */
export function createResumableStore(db: Db) {
  /**
   * Gives the reserved bytes back, exactly once however many callers race: only the one whose
   * conditional UPDATE zeroes `bytes_reserved` frees them. Run inside the recording transaction.
   */
  async function release(trx: Db, id: string): Promise<void> {
    const row = await trx.selectFrom('resumable_uploads').select(['user_id', 'bytes_reserved']).where('id', '=', id).executeTakeFirst();
    const bytes = Number(row?.bytes_reserved ?? 0);
    if (!row || bytes === 0) return;
    const taken = await trx
      .updateTable('resumable_uploads')
      .set({ bytes_reserved: 0 })
      .where('id', '=', id)
      .where('bytes_reserved', '=', bytes)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return;
    await trx
      .updateTable('users')
      .set({ storage_reserved: sql`case when storage_reserved >= ${bytes} then storage_reserved - ${bytes} else 0 end` })
      .where('id', '=', row.user_id)
      .execute();
  }

  return {
    /** Reserves `size` bytes and records the upload; false when they do not fit `limit`. */
    async createReserved(row: NewResumableUpload, limit: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('users')
          .set({ storage_reserved: sql`storage_reserved + ${row.size}` })
          .where('id', '=', row.user_id)
          .where(sql<boolean>`storage_used + storage_reserved + ${row.size} <= ${limit}`)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('resumable_uploads')
          .values({ ...row, bytes_reserved: row.size, upload_id: null, duplicate: 0 })
          .execute();
        return true;
      });
    },

    async find(id: string): Promise<ResumableUploadRow | undefined> {
      return db.selectFrom('resumable_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },

    release,

    async markRecorded(id: string, uploadId: string, duplicate: boolean): Promise<void> {
      await db
        .updateTable('resumable_uploads')
        .set({ upload_id: uploadId, duplicate: duplicate ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    },

    /** Gives back what the upload still reserves and forgets it. */
    async remove(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await release(trx, id);
        await trx.deleteFrom('resumable_uploads').where('id', '=', id).execute();
      });
    },

    /** Makes the upload due for the next sweep, which gives its quota back. */
    async expireNow(id: string, now: string): Promise<void> {
      await db.updateTable('resumable_uploads').set({ expires_at: now }).where('id', '=', id).where('upload_id', 'is', null).execute();
    },

    /** Expires every unfinished upload of the account at `now`: the next sweep deletes them and gives their quota back. */
    async expireAllOfUser(userId: string, now: string): Promise<void> {
      await db
        .updateTable('resumable_uploads')
        .set({ expires_at: now })
        .where('user_id', '=', userId)
        .where('upload_id', 'is', null)
        .where('expires_at', '>', now)
        .execute();
    },

    async expiredBefore(before: string): Promise<string[]> {
      const rows = await db.selectFrom('resumable_uploads').select('id').where('expires_at', '<', before).execute();
      return rows.map((r) => r.id);
    },
  };
}
