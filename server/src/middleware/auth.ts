import type { ScopeRequirement } from '@cairn/shared/api-types';
import type { Next } from 'koa';
import { authenticate, authenticatePrincipal, type Authentication } from '../auth/authenticate';
import { requireGrant, type GroupReach } from '../auth/scopes';
import { adminTwoFactorRequired } from '../commands/admin/admin-settings';
import { forbidden, unauthorized } from '../lib/errors';
import type { Ctx } from '../koa-types';

export function bearer(ctx: Ctx): string | null {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

function credentialOf(ctx: Ctx): string {
  const credential = bearer(ctx);
  if (!credential) throw unauthorized('missing_token', 'Authentication required: send Authorization: Bearer <token>');
  return credential;
}

/**
 * Counts the request against its credential's limit (an API token, or a session for the web UI),
 * lifted or raised by the account's plan; a credential that failed authentication was never
 * counted here, so a stranger cannot spend someone else's allowance.
 */
function limitCredential(ctx: Ctx, how: Authentication, planCode: string): Promise<void> {
  const area = ctx.path === '/psa' || ctx.path.startsWith('/psa/') ? 'psa' : 'api';
  const credential = how.kind === 'token' ? `token:${how.tokenId}` : `session:${how.sessionId}`;
  return ctx.state.app.requestLimits.byCredential(area, credential, planCode);
}

/**
 * Requires a valid session JWT or API token that grants `scope`, the scope the route needs (its
 * `x-cairn-scope` in openapi.yaml); sets `ctx.state.user` (the whole account),
 * `ctx.state.principal` and `ctx.state.auth`. A token without the scope gets 403 `insufficient_scope`.
 * A token limited to a group passes only a route that keeps to it (`reach` `group`, its
 * `x-cairn-group: kept`), and that route narrows what it touches with keptGroup().
 */
export function auth(scope: ScopeRequirement, reach: GroupReach = 'account') {
  return async (ctx: Ctx, next: Next) => {
    const { user, auth: how } = await authenticate(ctx.state.app, credentialOf(ctx), ctx.ip);
    await limitCredential(ctx, how, user.plan_code);
    requireGrant(how, scope, reach);
    ctx.state.user = user;
    ctx.state.principal = user;
    ctx.state.auth = how;
    await next();
  };
}

/**
 * As auth(), for routes that need only who is asking (`ctx.state.principal`), not the whole
 * account: the reads that clients repeat most (file list, a record, a pin job) stay cheap.
 */
export function authPrincipal(scope: ScopeRequirement, reach: GroupReach = 'account') {
  return async (ctx: Ctx, next: Next) => {
    const { user, auth: how } = await authenticatePrincipal(ctx.state.app, credentialOf(ctx), ctx.ip);
    await limitCredential(ctx, how, user.plan_code);
    requireGrant(how, scope, reach);
    ctx.state.principal = user;
    ctx.state.auth = how;
    await next();
  };
}

/**
 * auth(), then only role admin passes: everyone else, with a session or an API token, gets 403;
 * an administrator's API token must hold `admin:*` (or `all`). The role is read fresh on every
 * request, so a demoted admin loses access at once. When the deployment requires two-factor for
 * admins, a session of an admin without it gets 403 too.
 */
export function requireAdmin() {
  const authenticated = auth('any');
  return (ctx: Ctx, next: Next) =>
    authenticated(ctx, async () => {
      if (ctx.state.user.role !== 'admin') throw forbidden('admin_required', 'Access denied. Admin privileges required.');
      requireGrant(ctx.state.auth, 'admin:*');
      // A signed-in admin must enrol first when the deployment requires it; API tokens are unaffected.
      if (ctx.state.auth.kind === 'session' && !ctx.state.user.two_factor_enabled_at && (await adminTwoFactorRequired(ctx.state.app))) {
        throw forbidden('two_factor_required', 'Turn on two-factor sign-in in Settings to use the admin area');
      }
      await next();
    });
}
