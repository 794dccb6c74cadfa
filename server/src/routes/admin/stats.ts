import Router from '@koa/router';
import { statsReader } from '../../commands/admin/stats-reader';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';

export function adminStatsRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/stats', requireAdmin(), async (ctx) => {
    ctx.body = await statsReader(ctx.state.app);
  });

  return router;
}
