import type { ScopeRequirement, TokenScope } from '@cairn/shared/api-types';
import { AppError } from '../lib/errors';
import type { Authentication } from './authenticate';

/** A token's scopes as stored in `api_tokens.scopes`: separated by spaces (`all` for full access). */
export const storedScopes = (scopes: readonly TokenScope[]): string => scopes.join(' ');
export const readScopes = (stored: string): TokenScope[] => stored.split(' ').filter(Boolean) as TokenScope[];

/**
 * Whether a credential may call an operation that needs `need`: a session and a full-access
 * token may call anything (the role checks stay where they are); `any` takes any valid token;
 * `all` only a full-access one; a scope, a token that holds it.
 */
export function grants(auth: Authentication, need: ScopeRequirement): boolean {
  if (auth.kind === 'session' || auth.scopes.includes('all') || need === 'any') return true;
  return need !== 'all' && auth.scopes.includes(need);
}

export function insufficientScope(need: ScopeRequirement): AppError {
  const message =
    need === 'all'
      ? 'This operation needs a full-access API token (scope all) or a session'
      : `This API token lacks the ${need} scope this operation needs`;
  return new AppError(403, 'insufficient_scope', message, undefined, undefined, { scope: need });
}

export function requireGrant(auth: Authentication, need: ScopeRequirement): void {
  if (!grants(auth, need)) throw insufficientScope(need);
}
