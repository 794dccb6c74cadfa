import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import { precompiled } from '../db/fast/precompiled';
import type { Database, SessionRow, UserRow } from '../db/schema';
import { PRINCIPAL_COLUMNS, type Principal } from '../db/fast/principal';

export interface SessionWith<User> {
  session: SessionRow;
  user: User;
}
export type SessionWithUser = SessionWith<UserRow>;

const withUser = (db: Kysely<Database>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as s_id',
      'sessions.created_at as s_created_at',
      'sessions.expires_at as s_expires_at',
      'sessions.revoked_at as s_revoked_at',
      'sessions.ip as s_ip',
    ]);
const sessionWithUser = precompiled((db, param) => withUser(db).selectAll('users').where('sessions.id', '=', param<string>('id')));
const sessionWithPrincipal = precompiled((db, param) =>
  withUser(db).select(PRINCIPAL_COLUMNS).where('sessions.id', '=', param<string>('id')),
);

type Aliased = { s_id: string; s_created_at: string; s_expires_at: string; s_revoked_at: string | null; s_ip: string | null };

function split<User extends { id: string }>(row: (User & Aliased) | undefined): SessionWith<User> | undefined {
  if (!row) return undefined;
  const { s_id, s_created_at, s_expires_at, s_revoked_at, s_ip, ...user } = row;
  return {
    session: { id: s_id, user_id: user.id, created_at: s_created_at, expires_at: s_expires_at, revoked_at: s_revoked_at, ip: s_ip },
    user: user as unknown as User,
  };
}

export function createSessionStore(db: Db) {
  return {
    async insert(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    /** The session and its whole user in one round trip. */
    findWithUser: async (id: string): Promise<SessionWithUser | undefined> => split((await sessionWithUser(db, { id }))[0]),

    /** The session and the user's principal columns: what auth reads on most requests. */
    findWithPrincipal: async (id: string): Promise<SessionWith<Principal> | undefined> =>
      split((await sessionWithPrincipal(db, { id }))[0]),

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
