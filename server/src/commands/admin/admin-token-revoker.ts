import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import type { AdminTokenRow } from '../../stores/admin/tokens';
import { auditRecorder } from '../audit/audit-recorder';

/** An administrator revokes any account's API token; it stops working at the next request. */
export async function adminTokenRevoker(app: AppContext, admin: UserRow, tokenId: string, ip: string): Promise<AdminTokenRow> {
  const token = isUuid(tokenId) ? await app.stores.admin.tokens.findById(tokenId) : undefined;
  if (!token) throw notFound('token_not_found', 'Token not found');
  if (token.revoked_at) return token;
  const at = nowIso();
  await app.stores.tokens.revoke(token.id, at);
  await auditRecorder(app, {
    action: 'revoke_token',
    user: admin,
    ip,
    details: { tokenId: token.id, name: token.name, ownerId: token.user_id, ownerEmail: token.user_email },
  });
  return { ...token, revoked_at: at };
}
