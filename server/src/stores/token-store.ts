import type { Db } from '../db/database';
import type { ApiTokenRow, UserRow } from '../db/schema';

export function createTokenStore(db: Db) {
  return {
    async insert(token: ApiTokenRow): Promise<void> {
      await db.insertInto('api_tokens').values(token).execute();
    },

    /** The token and its owner in one round trip: auth runs this on every API-token request. */
    async findByHashWithUser(hash: string): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
      const token = await db.selectFrom('api_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
      if (!token) return undefined;
      const user = await db.selectFrom('users').selectAll().where('id', '=', token.user_id).executeTakeFirst();
      return user ? { token, user } : undefined;
    },

    listForUser: (userId: string): Promise<ApiTokenRow[]> =>
      db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute(),

    findForUser: (userId: string, id: string): Promise<ApiTokenRow | undefined> =>
      db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    async revoke(id: string, at: string): Promise<void> {
      await db.updateTable('api_tokens').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },

    async touch(id: string, at: string, ip: string): Promise<void> {
      await db.updateTable('api_tokens').set({ last_used_at: at, last_used_ip: ip }).where('id', '=', id).execute();
    },
  };
}
export type TokenStore = ReturnType<typeof createTokenStore>;
