import type { Db } from '../db/database';
import type { SessionRow, UserRow } from '../db/schema';

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

export function createSessionStore(db: Db) {
  return {
    async insert(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    /** The session and its user in one round trip: auth runs this on every JWT request. */
    async findWithUser(id: string): Promise<SessionWithUser | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select([
          'sessions.id as s_id',
          'sessions.created_at as s_created_at',
          'sessions.expires_at as s_expires_at',
          'sessions.revoked_at as s_revoked_at',
          'sessions.ip as s_ip',
        ])
        .where('sessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { s_id, s_created_at, s_expires_at, s_revoked_at, s_ip, ...user } = row;
      return {
        session: { id: s_id, user_id: user.id, created_at: s_created_at, expires_at: s_expires_at, revoked_at: s_revoked_at, ip: s_ip },
        user,
      };
    },

    async revoke(id: string, at: string): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },

    async revokeAllForUser(userId: string, at: string, exceptId?: string): Promise<void> {
      let query = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (exceptId) query = query.where('id', '!=', exceptId);
      await query.execute();
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
