import Router from '@koa/router';
import { adminBandwidthQuerySchema, type AdminBandwidthQuery } from '@cairn/shared';
import { statsReader } from '../../commands/admin/stats-reader';
import { adminBandwidthReader } from '../../commands/bandwidth/admin-bandwidth-reader';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { input, validate } from '../../middleware/validate';

export function adminStatsRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/stats', requireAdmin(), async (ctx) => {
    ctx.body = await statsReader(ctx.state.app);
  });

  router.get('/admin/stats/bandwidth', requireAdmin(), validate({ query: adminBandwidthQuerySchema }), async (ctx) => {
    ctx.body = await adminBandwidthReader(ctx.state.app, input<unknown, AdminBandwidthQuery>(ctx).query.period);
  });

  return router;
}
