import type { Db } from '../../db/database';
import type { UploadRow } from '../../db/schema';
import { contains, countAs, startsWith, type Page } from './search';

export type AdminUploadRow = UploadRow & { user_email: string };

/** Every account's records, for administrators. */
export function createAdminUploadStore(db: Db) {
  return {
    /** One page of records, newest first; `search` matches the name, a CID prefix or the owner's email. */
    async list(page: Page): Promise<{ rows: AdminUploadRow[]; total: number }> {
      let base = db.selectFrom('uploads').innerJoin('users', 'users.id', 'uploads.user_id');
      if (page.userId) base = base.where('uploads.user_id', '=', page.userId);
      if (page.search) {
        const term = page.search;
        base = base.where((eb) => eb.or([contains('uploads.name', term), startsWith('uploads.cid', term), contains('users.email', term)]));
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll('uploads')
          .select('users.email as user_email')
          .orderBy('uploads.created_at', 'desc')
          .orderBy('uploads.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: countAs(count.n) };
    },

    findById: (id: string): Promise<UploadRow | undefined> => db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}
