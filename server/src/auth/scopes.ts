import type { ScopeRequirement, TokenScope } from '@cairn/shared/api-types';
import { AppError } from '../lib/errors';
import type { Authentication } from './authenticate';

/** A token's scopes as stored in `api_tokens.scopes`: separated by spaces (`all` for full access). */
export const storedScopes = (scopes: readonly TokenScope[]): string => scopes.join(' ');
export const readScopes = (stored: string): TokenScope[] => stored.split(' ').filter(Boolean) as TokenScope[];

/**
 * How an operation treats a token limited to one group: `account` operations reach the whole
 * account (usage, billing, tokens…) and refuse such a token unless they need only `any`; `group`
 * operations keep every read and write to the token's group (`x-cairn-group: kept` in openapi.yaml),
 * so the token passes with its scopes and the route narrows what it touches with keptGroup().
 */
export type GroupReach = 'account' | 'group';

/**
 * Whether a credential may call an operation that needs `need`: a session and a full-access
 * token may call anything (the role checks stay where they are); `any` takes any valid token;
 * `all` only a full-access one; a scope, a token that holds it. A token limited to a group must
 * never reach the rest of the account: it passes only operations that keep to a group (`reach`
 * `group`), where its scopes then count as for any token, and those of `any`.
 */
export function grants(auth: Authentication, need: ScopeRequirement, reach: GroupReach = 'account'): boolean {
  if (auth.kind === 'session') return true;
  if (auth.groupGone) return false;
  if (need === 'any') return true;
  if (auth.groupId !== null && reach !== 'group') return false;
  return auth.scopes.includes('all') || (need !== 'all' && auth.scopes.includes(need));
}

function insufficientScope(auth: Authentication, need: ScopeRequirement, reach: GroupReach): AppError {
  const message =
    auth.kind === 'token' && auth.groupId !== null && reach !== 'group'
      ? 'This API token is limited to one group, and this operation cannot be kept to a group'
      : need === 'all'
        ? 'This operation needs a full-access API token (scope all) or a session'
        : `This API token lacks the ${need} scope this operation needs`;
  return new AppError(403, 'insufficient_scope', message, undefined, undefined, { scope: need });
}

export function requireGrant(auth: Authentication, need: ScopeRequirement, reach: GroupReach = 'account'): void {
  if (auth.kind === 'token' && auth.groupGone) throw groupGone(auth.groupId!, need);
  if (!grants(auth, need, reach)) throw insufficientScope(auth, need, reach);
}

/** The one group a credential is limited to, or null when it reaches the whole account. */
export const limitedGroup = (auth: Authentication): string | null => (auth.kind === 'token' ? auth.groupId : null);

/**
 * The group an operation works in: for a token limited to a group, that group (a request that
 * names another one is `403 insufficient_scope`, and `need` is the scope reported); else the group
 * the request named, if any.
 */
export function keptGroup(auth: Authentication, requested: string | undefined | null, need: ScopeRequirement): string | undefined {
  const limit = limitedGroup(auth);
  if (limit === null) return requested ?? undefined;
  if (requested && requested !== limit) {
    throw new AppError(
      403,
      'insufficient_scope',
      `This API token is limited to group ${limit} and cannot reach group ${requested}`,
      undefined,
      undefined,
      {
        scope: need,
      },
    );
  }
  return limit;
}

/** A token limited to a group that was deleted stops working: refused everything, `any` too. */
function groupGone(groupId: string, need: ScopeRequirement): AppError {
  return new AppError(
    403,
    'insufficient_scope',
    `This API token is limited to group ${groupId}, which no longer exists`,
    undefined,
    undefined,
    {
      scope: need,
    },
  );
}
