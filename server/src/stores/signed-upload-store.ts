import type { Db } from '../db/database';
import type { SignedUploadRow } from '../db/schema';

/** Upload URLs handed out by accounts; each allows one upload, claimed atomically. */
export function createSignedUploadStore(db: Db) {
  return {
    async create(row: Omit<SignedUploadRow, 'used_at' | 'upload_id'>): Promise<void> {
      await db
        .insertInto('signed_uploads')
        .values({ ...row, used_at: null, upload_id: null })
        .execute();
    },

    async findBySecretHash(hash: string): Promise<SignedUploadRow | undefined> {
      return db.selectFrom('signed_uploads').selectAll().where('secret_hash', '=', hash).executeTakeFirst();
    },

    /** Takes the URL's one use; false when another request took it first or it has expired. */
    async claim(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('signed_uploads')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Hands the use back after an upload that failed before recording anything. */
    async unclaim(id: string): Promise<void> {
      await db.updateTable('signed_uploads').set({ used_at: null }).where('id', '=', id).where('upload_id', 'is', null).execute();
    },

    async markUploaded(id: string, uploadId: string): Promise<void> {
      await db.updateTable('signed_uploads').set({ upload_id: uploadId }).where('id', '=', id).execute();
    },

    /**
     * Ends at `now` every URL of the account that has not recorded an upload: a disabled
     * account's links stop for good, as its sessions and tokens do.
     */
    async expireAllOfUser(userId: string, now: string): Promise<void> {
      await db
        .updateTable('signed_uploads')
        .set({ expires_at: now })
        .where('user_id', '=', userId)
        .where('upload_id', 'is', null)
        .where('expires_at', '>', now)
        .execute();
    },

    async pruneExpiredBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('signed_uploads').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
