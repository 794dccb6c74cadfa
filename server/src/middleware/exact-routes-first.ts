import type Router from '@koa/router';
import type { Next } from 'koa';
import { AppError } from '../lib/errors';
import type { AppState, Ctx } from '../koa-types';

/**
 * `/tokens/generate` is a route of its own, yet `/tokens/{id}` matches the same path: left to
 * itself the router would send `DELETE /tokens/generate` to the token revoker (404 token not
 * found) and answer OPTIONS with the methods of both. A path that is a route without parameters
 * is that route alone: OPTIONS lists its methods, any other method is `405` with them in `Allow`.
 */
export function exactRoutesFirst(router: Router<AppState>) {
  return async (ctx: Ctx, next: Next) => {
    const exact = router.match(ctx.path, ctx.method).path.filter((layer) => layer.paramNames.length === 0 && layer.methods.length > 0);
    const allowed = [...new Set(exact.flatMap((layer) => layer.methods))];
    if (allowed.length === 0 || allowed.includes(ctx.method)) return next();
    ctx.set('Allow', allowed.join(', '));
    if (ctx.method !== 'OPTIONS') throw new AppError(405, 'method_not_allowed', 'Method not allowed');
    ctx.status = 200;
    ctx.body = '';
  };
}
