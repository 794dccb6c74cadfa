import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import { precompiled } from '../db/fast/precompiled';
import type { ApiTokenRow, Database, UserRow } from '../db/schema';
import { PRINCIPAL_COLUMNS, type Principal } from '../db/fast/principal';

/** What authentication checks of a token, and the last use it may record. */
type TokenCheck = Pick<
  ApiTokenRow,
  'id' | 'allowed_ip' | 'expires_at' | 'revoked_at' | 'last_used_at' | 'last_used_ip' | 'scopes' | 'group_id'
> & {
  /** Whether the group the token is limited to is still one of the account's. */
  group_found: boolean;
};
/** A token with the name of the group it is limited to (null for the whole account, or once the group is gone). */
export type NamedTokenRow = ApiTokenRow & { group_name: string | null };

/** The account's tokens, each with its group's name. */
const named = (db: Kysely<Database>) =>
  db
    .selectFrom('api_tokens')
    .leftJoin('groups', (join) => join.onRef('groups.id', '=', 'api_tokens.group_id').onRef('groups.user_id', '=', 'api_tokens.user_id'))
    .selectAll('api_tokens')
    .select('groups.name as group_name');

export interface TokenWith<User> {
  token: TokenCheck;
  user: User;
}

const withUser = (db: Kysely<Database>) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    // A deleted group leaves its tokens pointing at nothing: they must stop working, not widen.
    .leftJoin('groups', (join) => join.onRef('groups.id', '=', 'api_tokens.group_id').onRef('groups.user_id', '=', 'api_tokens.user_id'))
    .select([
      'api_tokens.id as t_id',
      'api_tokens.allowed_ip as t_allowed_ip',
      'api_tokens.expires_at as t_expires_at',
      'api_tokens.revoked_at as t_revoked_at',
      'api_tokens.last_used_at as t_last_used_at',
      'api_tokens.last_used_ip as t_last_used_ip',
      'api_tokens.scopes as t_scopes',
      'api_tokens.group_id as t_group_id',
      'groups.id as t_group_found',
    ]);
const tokenWithUser = precompiled((db, param) =>
  withUser(db).selectAll('users').where('api_tokens.token_hash', '=', param<string>('hash')),
);
const tokenWithPrincipal = precompiled((db, param) =>
  withUser(db).select(PRINCIPAL_COLUMNS).where('api_tokens.token_hash', '=', param<string>('hash')),
);

type Aliased = {
  t_id: string;
  t_allowed_ip: string | null;
  t_expires_at: string | null;
  t_revoked_at: string | null;
  t_last_used_at: string | null;
  t_last_used_ip: string | null;
  t_scopes: string;
  t_group_id: string | null;
  t_group_found: string | null;
};

function split<User>(row: (User & Aliased) | undefined): TokenWith<User> | undefined {
  if (!row) return undefined;
  const { t_id, t_allowed_ip, t_expires_at, t_revoked_at, t_last_used_at, t_last_used_ip, t_scopes, t_group_id, t_group_found, ...user } =
    row;
  return {
    token: {
      id: t_id,
      allowed_ip: t_allowed_ip,
      expires_at: t_expires_at,
      revoked_at: t_revoked_at,
      last_used_at: t_last_used_at,
      last_used_ip: t_last_used_ip,
      scopes: t_scopes,
      group_id: t_group_id,
      group_found: t_group_found !== null,
    },
    user: user as unknown as User,
  };
}

export function createTokenStore(db: Db) {
  return {
    async insert(token: ApiTokenRow): Promise<void> {
      await db.insertInto('api_tokens').values(token).execute();
    },

    /** The token's checks and its whole owner in one round trip. */
    findByHashWithUser: async (hash: string): Promise<TokenWith<UserRow> | undefined> => split((await tokenWithUser(db, { hash }))[0]),

    /** The token's checks and its owner's principal columns: what auth reads on most API-token requests. */
    findByHashWithPrincipal: async (hash: string): Promise<TokenWith<Principal> | undefined> =>
      split((await tokenWithPrincipal(db, { hash }))[0]),

    listForUser: (userId: string): Promise<NamedTokenRow[]> =>
      named(db).where('api_tokens.user_id', '=', userId).orderBy('api_tokens.created_at', 'desc').orderBy('api_tokens.id').execute(),

    /** Deletes the account's revoked tokens (they can never work again); how many went. */
    async deleteRevoked(userId: string): Promise<number> {
      const result = await db.deleteFrom('api_tokens').where('user_id', '=', userId).where('revoked_at', 'is not', null).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    findForUser: (userId: string, id: string): Promise<NamedTokenRow | undefined> =>
      named(db).where('api_tokens.user_id', '=', userId).where('api_tokens.id', '=', id).executeTakeFirst(),

    async revoke(id: string, at: string): Promise<void> {
      await db.updateTable('api_tokens').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },

    /** Revokes every API token of the account that is not revoked yet. */
    async revokeAllForUser(userId: string, at: string): Promise<void> {
      await db.updateTable('api_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    },

    async touch(id: string, at: string, ip: string): Promise<void> {
      await db.updateTable('api_tokens').set({ last_used_at: at, last_used_ip: ip }).where('id', '=', id).execute();
    },
  };
}
