import { readScopes } from '../auth/scopes';
import type { ApiTokenRow } from '../db/schema';

function tokenStatus(token: ApiTokenRow, now: string): 'active' | 'expired' | 'revoked' {
  if (token.revoked_at) return 'revoked';
  if (token.expires_at && token.expires_at <= now) return 'expired';
  return 'active';
}

/** A token as its owner sees it: never the secret or its hash. */
export function presentToken(token: ApiTokenRow & { group_name: string | null }, now: string = new Date().toISOString()) {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    allowedIp: token.allowed_ip,
    expiresAt: token.expires_at,
    createdAt: token.created_at,
    lastUsedAt: token.last_used_at,
    lastUsedIp: token.last_used_ip,
    revokedAt: token.revoked_at,
    status: tokenStatus(token, now),
    scopes: readScopes(token.scopes),
    groupId: token.group_id,
    groupName: token.group_name,
  };
}
