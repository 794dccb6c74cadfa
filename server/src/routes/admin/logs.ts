import Router from '@koa/router';
import { adminLogQuerySchema, logPruneSchema, type AdminLogQuery, type LogPruneInput } from '@cairn/shared';
import { logLister } from '../../commands/admin/log-lister';
import { logPruner } from '../../commands/admin/log-pruner';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentLog } from '../../presenters/admin';

export function adminLogRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/logs', requireAdmin(), validate({ query: adminLogQuerySchema }), async (ctx) => {
    const { page, limit, ...filter } = input<undefined, AdminLogQuery>(ctx).query;
    const { rows, total } = await logLister(ctx.state.app, { ...filter, offset: (page - 1) * limit, limit });
    ctx.body = { logs: rows.map(presentLog), total, page, limit };
  });

  router.post('/admin/logs/prune', requireAdmin(), jsonBody(), validate({ body: logPruneSchema }), async (ctx) => {
    const { olderThanDays } = input<LogPruneInput>(ctx).body;
    ctx.body = await logPruner(ctx.state.app, ctx.state.user, olderThanDays, ctx.ip);
  });

  return router;
}
