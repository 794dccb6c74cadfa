import type { Db } from '../db/database';
import type { AccessLinkRow } from '../db/schema';

export interface NewAccessLink {
  id: string;
  user_id: string;
  upload_id: string;
  cid: string;
  expires_at_ms: number;
  download_name: string | null;
  single_use: number;
}

/** Signed links to records (0025). */
export function createAccessLinkStore(db: Db) {
  return {
    async insert(row: NewAccessLink): Promise<AccessLinkRow> {
      return db
        .insertInto('access_links')
        .values({ ...row, created_at: new Date().toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The record's links that can still open it, newest first. */
    live: (uploadId: string, nowMs: number): Promise<AccessLinkRow[]> =>
      db
        .selectFrom('access_links')
        .selectAll()
        .where('upload_id', '=', uploadId)
        .where('expires_at_ms', '>', nowMs)
        .where('revoked_at', 'is', null)
        .where('used_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    countLive: async (uploadId: string, nowMs: number): Promise<number> => {
      const row = await db
        .selectFrom('access_links')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('upload_id', '=', uploadId)
        .where('expires_at_ms', '>', nowMs)
        .where('revoked_at', 'is', null)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The link with its record's current CID (null when the record is gone). */
    find: (id: string) =>
      db
        .selectFrom('access_links as l')
        .leftJoin('uploads as u', 'u.id', 'l.upload_id')
        .selectAll('l')
        .select('u.cid as upload_cid')
        .where('l.id', '=', id)
        .executeTakeFirst(),

    /** False when it was revoked already or is not the record's. */
    async revoke(uploadId: string, id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('access_links')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('upload_id', '=', uploadId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Spends a single-use link: of concurrent requests exactly one gets true. */
    async spend(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('access_links')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteForUpload(uploadId: string): Promise<void> {
      await db.deleteFrom('access_links').where('upload_id', '=', uploadId).execute();
    },
  };
}
