import type { Db } from '../../db/database';
import type { ApiTokenRow } from '../../db/schema';
import { contains, countAs, type Page } from './search';

export type AdminTokenRow = ApiTokenRow & { user_email: string; group_name: string | null };

/** Every account's API tokens, for administrators (never a secret: only hashes are stored). */
export function createAdminTokenStore(db: Db) {
  return {
    /** One page of tokens, newest first; `search` matches the token's name or the owner's email. */
    async list(page: Page): Promise<{ rows: AdminTokenRow[]; total: number }> {
      let base = db
        .selectFrom('api_tokens')
        .innerJoin('users', 'users.id', 'api_tokens.user_id')
        // The group a token is limited to, by name (none once the group is deleted).
        .leftJoin('groups', (join) =>
          join.onRef('groups.id', '=', 'api_tokens.group_id').onRef('groups.user_id', '=', 'api_tokens.user_id'),
        );
      if (page.userId) base = base.where('api_tokens.user_id', '=', page.userId);
      if (page.search) {
        const term = page.search;
        base = base.where((eb) => eb.or([contains('api_tokens.name', term), contains('users.email', term)]));
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll('api_tokens')
          .select(['users.email as user_email', 'groups.name as group_name'])
          .orderBy('api_tokens.created_at', 'desc')
          .orderBy('api_tokens.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: countAs(count.n) };
    },

    findById: (id: string): Promise<AdminTokenRow | undefined> =>
      db
        .selectFrom('api_tokens')
        .innerJoin('users', 'users.id', 'api_tokens.user_id')
        // The group a token is limited to, by name (none once the group is deleted).
        .leftJoin('groups', (join) =>
          join.onRef('groups.id', '=', 'api_tokens.group_id').onRef('groups.user_id', '=', 'api_tokens.user_id'),
        )
        .selectAll('api_tokens')
        .select(['users.email as user_email', 'groups.name as group_name'])
        .where('api_tokens.id', '=', id)
        .executeTakeFirst(),
  };
}
