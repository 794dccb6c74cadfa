import Router from '@koa/router';
import { checkoutSchema, type CheckoutInput } from '@cairn/shared';
import { z } from 'zod';
import { checkoutStarter } from '../../commands/billing/checkout-starter';
import { planLocalizer } from '../../commands/plans/plan-localizer';
import { plansReader } from '../../commands/plans/plans-reader';
import { requestLanguage } from '../../middleware/request-language';
import type { AppState } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentPlan } from '../../presenters/plan';

const planParams = z.object({ code: z.string().min(1).max(64, 'Selected plan not found') });

export function planRoutes() {
  const router = new Router<AppState>();

  router.get('/plans', auth('all'), async (ctx) => {
    const { plans, current, paymentsConfigured, cryptoAvailable } = await plansReader(ctx.state.app, ctx.state.user, requestLanguage(ctx));
    ctx.body = {
      plans: plans.map(presentPlan),
      currentPlanCode: current.code,
      currentPlan: presentPlan(current),
      paymentsConfigured,
      cryptoAvailable,
    };
  });

  router.post('/plans/:code/checkout', auth('all'), jsonBody(), validate({ params: planParams, body: checkoutSchema }), async (ctx) => {
    const { body, params } = input<CheckoutInput, undefined, z.infer<typeof planParams>>(ctx);
    const result = await checkoutStarter(ctx.state.app, ctx.state.user, params.code, body, `${ctx.protocol}://${ctx.host}`, ctx.ip);
    if (result.status === 'changed') {
      const [plan] = await planLocalizer(ctx.state.app, [result.plan], requestLanguage(ctx));
      ctx.body = { status: 'changed', plan: presentPlan(plan ?? result.plan) };
    } else {
      ctx.body = { status: 'redirect', url: result.url, transactionId: result.transactionId };
    }
  });

  return router;
}
