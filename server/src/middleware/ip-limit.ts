import type { Next } from 'koa';
import type { LimitedArea } from '../commands/limits/request-limits';
import type { Ctx } from '../koa-types';

/**
 * Counts every request under one of `prefixes` against the client IP's limit of `area`. The IP is
 * Koa's `ctx.ip`: the peer address, or the first of X-Forwarded-For when TRUST_PROXY is set.
 */
export function ipLimit(area: LimitedArea, prefixes: readonly string[]) {
  return async (ctx: Ctx, next: Next) => {
    // A CORS preflight is the browser's, not a request of its own: only the request it clears counts.
    if (ctx.method !== 'OPTIONS' && prefixes.some((prefix) => ctx.path === prefix || ctx.path.startsWith(`${prefix}/`))) {
      await ctx.state.app.requestLimits.byIp(area, ctx.ip);
    }
    await next();
  };
}
