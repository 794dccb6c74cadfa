import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { NamedTokenRow } from '../../stores/token-store';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';

/** Revokes one of the user's own tokens; another user's token is simply not found. */
export async function tokenRevoker(app: AppContext, user: UserRow, tokenId: string, ip: string): Promise<NamedTokenRow> {
  const token = isUuid(tokenId) ? await app.stores.tokens.findForUser(user.id, tokenId) : undefined;
  if (!token) throw notFound('token_not_found', 'Token not found');
  const at = token.revoked_at ?? nowIso();
  if (!token.revoked_at) {
    await app.stores.tokens.revoke(token.id, at);
    await auditRecorder(app, { action: 'revoke_token', user, ip, details: { tokenId: token.id, name: token.name } });
  }
  return { ...token, revoked_at: at };
}
