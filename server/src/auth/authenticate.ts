import { normalizeIp } from '@cairn/shared';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { unauthorized } from '../lib/errors';
import { nowIso } from '../lib/time';
import type { Authentication } from '../koa-types';
import { hashApiToken, looksLikeApiToken } from './api-token';

const DISABLED = () => unauthorized('account_disabled', 'Account disabled, contact the administrator');

/**
 * Resolves a bearer credential (session JWT or API token) to an active user. Runs on every
 * authenticated request and reads the user fresh, so disabling an account or revoking a session or
 * token takes effect on the very next request.
 */
export async function authenticate(
  app: AppContext,
  credential: string,
  clientIp: string,
): Promise<{ user: UserRow; auth: Authentication }> {
  if (looksLikeApiToken(credential)) return authenticateApiToken(app, credential, clientIp);

  const claims = await app.jwt.verify(credential);
  if (!claims) throw unauthorized('invalid_token', 'Invalid or expired token');
  const found = await app.stores.sessions.findWithUser(claims.sid);
  if (!found || found.user.id !== claims.sub) throw unauthorized('invalid_token', 'Invalid or expired token');
  if (found.session.revoked_at) throw unauthorized('session_ended', 'Session ended, sign in again');
  if (found.session.expires_at <= nowIso()) throw unauthorized('invalid_token', 'Invalid or expired token');
  if (found.user.status !== 'active') throw DISABLED();
  return { user: found.user, auth: { kind: 'session', sessionId: found.session.id } };
}

async function authenticateApiToken(app: AppContext, secret: string, clientIp: string) {
  const found = await app.stores.tokens.findByHashWithUser(hashApiToken(secret));
  if (!found) throw unauthorized('invalid_token', 'Invalid or expired token');
  const { token, user } = found;
  const now = nowIso();
  if (token.revoked_at) throw unauthorized('token_revoked', 'This API token has been revoked');
  if (token.expires_at && token.expires_at <= now) throw unauthorized('token_expired', 'This API token has expired');
  const ip = normalizeIp(clientIp);
  if (token.allowed_ip && normalizeIp(token.allowed_ip) !== ip) {
    throw unauthorized('token_ip_not_allowed', 'This API token may not be used from this IP address');
  }
  if (user.status !== 'active') throw DISABLED();
  await app.stores.tokens.touch(token.id, now, ip);
  return { user, auth: { kind: 'token', tokenId: token.id } as Authentication };
}
