import Router from '@koa/router';
import {
  adminBonusGrantSchema,
  adminListQuerySchema,
  adminUserUpdateSchema,
  type AdminBonusGrantInput,
  type AdminUserUpdateInput,
} from '@cairn/shared';
import { z } from 'zod';
import { adminUserLister } from '../../commands/admin/admin-user-lister';
import { adminUserReader } from '../../commands/admin/admin-user-reader';
import { adminUserUpdater } from '../../commands/admin/admin-user-updater';
import { bonusGranter } from '../../commands/referrals/bonus-granter';
import { planLocalizer } from '../../commands/plans/plan-localizer';
import { ACTIVE_WINDOW_DAYS } from '../../commands/admin/stats-reader';
import { planOf } from '../../commands/quota/lib/storage-limit';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { requestLanguage } from '../../middleware/request-language';
import { addDays, nowIso } from '../../lib/time';
import { presentAdminUser } from '../../presenters/admin';
import { presentAdminUserDetail, presentGrantedReward } from '../../presenters/admin-user-detail';
import { listPage } from './paging';

const userParams = z.object({ id: z.string().min(1).max(100) });
type UserParams = z.infer<typeof userParams>;

export function adminUserRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/users', requireAdmin(), validate({ query: adminListQuerySchema }), async (ctx) => {
    const { page, limit, query } = listPage(ctx);
    const { rows, total, defaultPlan } = await adminUserLister(ctx.state.app, query);
    const users = rows.map((row) => presentAdminUser(row, row.plan_limit ?? defaultPlan.storage_limit_bytes));
    ctx.body = { users, total, page, limit };
  });

  router.get('/admin/users/:id', requireAdmin(), validate({ params: userParams }), async (ctx) => {
    const { app } = ctx.state;
    const detail = await adminUserReader(app, input<undefined, undefined, UserParams>(ctx).params.id);
    // The plan as the administrator reads plans: in their language.
    const [plan] = await planLocalizer(app, [detail.plan], requestLanguage(ctx));
    ctx.body = presentAdminUserDetail(
      { ...detail, plan: plan ?? detail.plan },
      nowIso(),
      addDays(new Date(), -ACTIVE_WINDOW_DAYS).toISOString(),
    );
  });

  router.post(
    '/admin/users/:id/bonus',
    requireAdmin(),
    jsonBody(),
    validate({ params: userParams, body: adminBonusGrantSchema }),
    async (ctx) => {
      const { body, params } = input<AdminBonusGrantInput, undefined, UserParams>(ctx);
      const { app } = ctx.state;
      const { user, reward } = await bonusGranter(app, ctx.state.user, params.id, body, ctx.ip);
      const plan = await planOf(app, user);
      ctx.status = 201;
      ctx.body = {
        user: presentAdminUser(user, plan.storage_limit_bytes),
        reward: presentGrantedReward(reward, user.email, ctx.state.user.email),
      };
    },
  );

  router.patch(
    '/admin/users/:id',
    requireAdmin(),
    jsonBody(),
    validate({ params: userParams, body: adminUserUpdateSchema }),
    async (ctx) => {
      const { body, params } = input<AdminUserUpdateInput, undefined, UserParams>(ctx);
      const { app } = ctx.state;
      const user = await adminUserUpdater(app, ctx.state.user, params.id, body, ctx.ip);
      const plan = await planOf(app, user);
      ctx.body = presentAdminUser(user, plan.storage_limit_bytes);
    },
  );

  return router;
}
