import type { TokenGenerateInput } from '@cairn/shared';
import { normalizeIp } from '@cairn/shared';
import { newApiTokenSecret } from '../../auth/api-token';
import { storedScopes } from '../../auth/scopes';
import type { AppContext } from '../../context';
import type { ApiTokenRow, UserRow } from '../../db/schema';
import type { NamedTokenRow } from '../../stores/token-store';
import { newId } from '../../lib/ids';
import { forbidden } from '../../lib/errors';
import { addDays } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { groupReader } from '../groups/groups';

/**
 * Creates an API token. The secret is returned here once and only its hash is kept. Only an
 * administrator may give a token the administration routes (`admin:*`); `all` grants them only
 * where the account is an administrator's, as a session does. A token limited to a group names
 * one of the account's groups (`404 group_not_found` otherwise).
 */
export async function tokenGenerator(
  app: AppContext,
  user: UserRow,
  input: TokenGenerateInput,
  ip: string,
): Promise<{ token: NamedTokenRow; secret: string }> {
  if (input.scopes.includes('admin:*') && user.role !== 'admin') {
    throw forbidden('admin_required', 'Only administrators can create tokens with the admin:* scope');
  }
  const group = input.groupId === null ? null : await groupReader(app, user.id, input.groupId);
  const now = new Date();
  const { secret, hash, prefix } = newApiTokenSecret();
  const token: ApiTokenRow = {
    id: newId(),
    user_id: user.id,
    name: input.name,
    token_hash: hash,
    prefix,
    allowed_ip: input.allowedIp ? normalizeIp(input.allowedIp) : null,
    expires_at: input.expiresInDays === null ? null : addDays(now, input.expiresInDays).toISOString(),
    created_at: now.toISOString(),
    last_used_at: null,
    last_used_ip: null,
    revoked_at: null,
    scopes: storedScopes(input.scopes),
    group_id: input.groupId,
  };
  await app.stores.tokens.insert(token);
  await auditRecorder(app, {
    action: 'generate_token',
    user,
    ip,
    details: {
      tokenId: token.id,
      name: token.name,
      expiresAt: token.expires_at,
      allowedIp: token.allowed_ip,
      scopes: input.scopes,
      groupId: token.group_id,
    },
  });
  return { token: { ...token, group_name: group?.name ?? null }, secret };
}
