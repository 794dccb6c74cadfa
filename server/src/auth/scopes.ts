import type { ScopeRequirement, TokenScope } from '@cairn/shared/api-types';
import { AppError } from '../lib/errors';
import type { Authentication } from './authenticate';

/** A token's scopes as stored in `api_tokens.scopes`: separated by spaces (`all` for full access). */
export const storedScopes = (scopes: readonly TokenScope[]): string => scopes.join(' ');
export const readScopes = (stored: string): TokenScope[] => stored.split(' ').filter(Boolean) as TokenScope[];

/**
 * Whether a credential may call an operation that needs `need`: a session and a full-access
 * token may call anything (the role checks stay where they are); `any` takes any valid token;
 * `all` only a full-access one; a scope, a token that holds it. A token limited to a group is
 * refused everything but `any`: no operation keeps its reads and writes to one group yet, and
 * such a token must never reach the whole account.
 */
export function grants(auth: Authentication, need: ScopeRequirement): boolean {
  if (auth.kind === 'session' || need === 'any') return true;
  if (auth.groupId !== null) return false;
  return auth.scopes.includes('all') || (need !== 'all' && auth.scopes.includes(need));
}

function insufficientScope(auth: Authentication, need: ScopeRequirement): AppError {
  const message =
    auth.kind === 'token' && auth.groupId !== null
      ? 'This API token is limited to one group, and this operation cannot be kept to a group'
      : need === 'all'
        ? 'This operation needs a full-access API token (scope all) or a session'
        : `This API token lacks the ${need} scope this operation needs`;
  return new AppError(403, 'insufficient_scope', message, undefined, undefined, { scope: need });
}

export function requireGrant(auth: Authentication, need: ScopeRequirement): void {
  if (!grants(auth, need)) throw insufficientScope(auth, need);
}
