import Router from '@koa/router';
import type { AppState } from '../koa-types';
import { requireAdmin } from '../middleware/auth';

/** `GET /metrics` in the Prometheus text format, for an administrator's credential only (say, an API token). */
export function metricsRoutes() {
  const router = new Router<AppState>();
  router.get('/metrics', requireAdmin(), async (ctx) => {
    const { registry } = ctx.state.app.metrics;
    ctx.set('Cache-Control', 'no-store');
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  return router;
}
