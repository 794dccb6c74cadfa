import { normalizeIp } from '@cairn/shared';
import type { TokenScope } from '@cairn/shared/api-types';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { accountDisabled, unauthorized } from '../lib/errors';
import { nowIso } from '../lib/time';
import type { Principal } from '../db/fast/principal';
import type { SessionWith } from '../stores/session-store';
import type { TokenWith } from '../stores/token-store';
import { hashApiToken, looksLikeApiToken } from './api-token';
import { readScopes } from './scopes';

/**
 * How a request proved who it is: the session or the API token it used, with what the token may
 * do (its scopes, `all` among them for full access, and the one group it is limited to, if any).
 */
export type Authentication =
  | { kind: 'session'; sessionId: string }
  | {
      kind: 'token';
      tokenId: string;
      scopes: readonly TokenScope[];
      groupId: string | null;
      /** The group the token is limited to was deleted: the token is refused everything. */
      groupGone: boolean;
    };

/** A token's last use is recorded again after this long, or at once from another address. */
const LAST_USE_PRECISION_MS = 60_000;

interface Lookups<User> {
  session(id: string): Promise<SessionWith<User> | undefined>;
  token(hash: string): Promise<TokenWith<User> | undefined>;
}
type Authenticated<User> = { user: User; auth: Authentication };

/**
 * Resolves a bearer credential (session JWT or API token) to an active user, read whole. Runs on
 * authenticated requests and reads the user fresh, so disabling an account or revoking a session
 * or token takes effect on the very next request.
 */
export function authenticate(app: AppContext, credential: string, clientIp: string): Promise<Authenticated<UserRow>> {
  return resolve(app, credential, clientIp, { session: app.stores.sessions.findWithUser, token: app.stores.tokens.findByHashWithUser });
}

/** As authenticate(), reading only the user's principal columns: for routes that need no more. */
export function authenticatePrincipal(app: AppContext, credential: string, clientIp: string): Promise<Authenticated<Principal>> {
  return resolve(app, credential, clientIp, {
    session: app.stores.sessions.findWithPrincipal,
    token: app.stores.tokens.findByHashWithPrincipal,
  });
}

async function resolve<User extends Pick<UserRow, 'id' | 'status'>>(
  app: AppContext,
  credential: string,
  clientIp: string,
  lookups: Lookups<User>,
): Promise<Authenticated<User>> {
  if (looksLikeApiToken(credential)) return resolveApiToken(app, credential, clientIp, lookups);

  const claims = await app.jwt.verify(credential);
  if (!claims) throw unauthorized('invalid_token', 'Invalid or expired token');
  const found = await lookups.session(claims.sid);
  if (!found || found.user.id !== claims.sub) throw unauthorized('invalid_token', 'Invalid or expired token');
  // Disabling ends every credential too; while disabled, say why rather than "session ended".
  if (found.user.status !== 'active') throw accountDisabled();
  if (found.session.revoked_at) throw unauthorized('session_ended', 'Session ended, sign in again');
  if (found.session.expires_at <= nowIso()) throw unauthorized('invalid_token', 'Invalid or expired token');
  return { user: found.user, auth: { kind: 'session', sessionId: found.session.id } };
}

async function resolveApiToken<User extends Pick<UserRow, 'status'>>(
  app: AppContext,
  secret: string,
  clientIp: string,
  lookups: Lookups<User>,
): Promise<Authenticated<User>> {
  const found = await lookups.token(hashApiToken(secret));
  if (!found) throw unauthorized('invalid_token', 'Invalid or expired token');
  const { token, user } = found;
  const now = nowIso();
  if (user.status !== 'active') throw accountDisabled();
  if (token.revoked_at) throw unauthorized('token_revoked', 'This API token has been revoked');
  if (token.expires_at && token.expires_at <= now) throw unauthorized('token_expired', 'This API token has expired');
  const ip = normalizeIp(clientIp);
  if (token.allowed_ip && normalizeIp(token.allowed_ip) !== ip) {
    throw unauthorized('token_ip_not_allowed', 'This API token may not be used from this IP address');
  }
  // A write on every request would cost more than the request: the last use is kept to the minute.
  const recorded = token.last_used_at ? Date.parse(token.last_used_at) : 0;
  if (token.last_used_ip !== ip || Date.parse(now) - recorded >= LAST_USE_PRECISION_MS) {
    await app.stores.tokens.touch(token.id, now, ip);
  }
  return {
    user,
    auth: {
      kind: 'token',
      tokenId: token.id,
      scopes: readScopes(token.scopes),
      groupId: token.group_id,
      groupGone: token.group_id !== null && !token.group_found,
    },
  };
}
