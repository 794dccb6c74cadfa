import type { Next } from 'koa';
import type { Ctx } from '../koa-types';

/**
 * One line per request once it is answered: its id (`requestId`), method, the route pattern (never the raw URL, which
 * may carry a token or a search), status, milliseconds and the account, if any. Also feeds the
 * request metrics with the same route label.
 */
export function accessLog() {
  return async (ctx: Ctx, next: Next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routeOf(ctx);
      const app = ctx.state.app;
      app.metrics.request(ctx.method, route, ctx.status, ms);
      app.logger.info('request', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        route,
        status: ctx.status,
        ms: Math.round(ms * 10) / 10,
        userId: ctx.state.principal?.id ?? null,
      });
    }
  };
}

/** The matched route's pattern (`/api/v2/uploads/:uploadId`); one label for unmatched paths. */
function routeOf(ctx: Ctx): string {
  const matched = (ctx as Ctx & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path.startsWith('/ipfs/')) return '/ipfs/:cid';
  return ctx.path.startsWith('/api/') ? 'unmatched' : 'static';
}
