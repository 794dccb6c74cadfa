import Router from '@koa/router';
import { planCodeParamsSchema, planCreateSchema, planUpdateSchema, type PlanCreateInput, type PlanUpdateInput } from '@cairn/shared';
import type { z } from 'zod';
import { adminPlanLister } from '../../commands/plans/admin-plan-lister';
import { adminPlanReader } from '../../commands/plans/admin-plan-reader';
import { planCreator } from '../../commands/plans/plan-creator';
import { planDeleter } from '../../commands/plans/plan-deleter';
import { planUpdater } from '../../commands/plans/plan-updater';
import type { AppState, Ctx } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentAdminPlan } from '../../presenters/admin';

type CodeParams = z.infer<typeof planCodeParamsSchema>;
const codeOf = (ctx: Ctx) => input<unknown, undefined, CodeParams>(ctx).params.code;

export function adminPlanRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/plans', requireAdmin(), async (ctx) => {
    const { plans, translations } = await adminPlanLister(ctx.state.app);
    ctx.body = { plans: plans.map((plan) => presentAdminPlan(plan, plan.users_count, translations)) };
  });

  router.post('/admin/plans', requireAdmin(), jsonBody(), validate({ body: planCreateSchema }), async (ctx) => {
    const { app } = ctx.state;
    const plan = await planCreator(app, ctx.state.user, input<PlanCreateInput>(ctx).body, ctx.ip);
    ctx.status = 201;
    const { translations } = await adminPlanReader(app, plan);
    ctx.body = presentAdminPlan(plan, 0, translations);
  });

  router.patch(
    '/admin/plans/:code',
    requireAdmin(),
    jsonBody(),
    validate({ params: planCodeParamsSchema, body: planUpdateSchema }),
    async (ctx) => {
      const { app } = ctx.state;
      const plan = await planUpdater(app, ctx.state.user, codeOf(ctx), input<PlanUpdateInput>(ctx).body, ctx.ip);
      const { usersCount, translations } = await adminPlanReader(app, plan);
      ctx.body = presentAdminPlan(plan, usersCount, translations);
    },
  );

  router.delete('/admin/plans/:code', requireAdmin(), validate({ params: planCodeParamsSchema }), async (ctx) => {
    await planDeleter(ctx.state.app, ctx.state.user, codeOf(ctx), ctx.ip);
    ctx.status = 204;
  });

  return router;
}
