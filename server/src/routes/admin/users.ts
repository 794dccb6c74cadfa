import Router from '@koa/router';
import { adminListQuerySchema, adminUserUpdateSchema, type AdminUserUpdateInput } from '@cairn/shared';
import { z } from 'zod';
import { adminUserUpdater } from '../../commands/admin-user-updater';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentAdminUser } from '../../presenters/admin';
import { listPage } from './paging';

const userParams = z.object({ id: z.string().min(1).max(100) });

export function adminUserRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/users', requireAdmin(), validate({ query: adminListQuerySchema }), async (ctx) => {
    const { page, limit, query } = listPage(ctx);
    const { stores } = ctx.state.app;
    const [{ rows, total }, fallback] = await Promise.all([stores.admin.users.list(query), stores.plans.defaultPlan()]);
    const users = rows.map((row) => presentAdminUser(row, row.plan_limit ?? fallback.storage_limit_bytes));
    ctx.body = { users, total, page, limit };
  });

  router.patch(
    '/admin/users/:id',
    requireAdmin(),
    jsonBody(),
    validate({ params: userParams, body: adminUserUpdateSchema }),
    async (ctx) => {
      const { body, params } = input<AdminUserUpdateInput, undefined, z.infer<typeof userParams>>(ctx);
      const { app } = ctx.state;
      const user = await adminUserUpdater(app, ctx.state.user, params.id, body, ctx.ip);
      const plan = (await app.stores.plans.findByCode(user.plan_code)) ?? (await app.stores.plans.defaultPlan());
      ctx.body = presentAdminUser(user, plan.storage_limit_bytes);
    },
  );

  return router;
}
