import Router from '@koa/router';
import { z } from 'zod';
import { orderCanceller } from '../../commands/billing/order-canceller';
import { paymentVerifier } from '../../commands/billing/payment-verifier';
import { webhookProcessor } from '../../commands/billing/webhook-processor';
import { planReader } from '../../commands/plans/plan-reader';
import type { OrderRow } from '../../db/schema';
import type { AppState, Ctx } from '../../koa-types';
import { requestLanguage } from '../../middleware/request-language';
import { AppError } from '../../lib/errors';
import { auth } from '../../middleware/auth';
import { readRawBody } from '../../middleware/raw-body';
import { input, validate } from '../../middleware/validate';
import { presentPayment } from '../../presenters/payment';

/** Stripe's events are small; this leaves ample room without holding large bodies. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const paymentParams = z.object({ transactionId: z.string().min(1).max(100, 'Invalid transaction ID') });
type PaymentParams = z.infer<typeof paymentParams>;

async function present(ctx: Ctx, order: OrderRow) {
  return presentPayment(order, await planReader(ctx.state.app, order.plan_code, requestLanguage(ctx)));
}

export function paymentRoutes() {
  const router = new Router<AppState>();

  // No auth: Stripe calls this, and the signature over the raw bytes is the credential.
  router.post('/payments/webhook', async (ctx) => {
    if (!ctx.is('application/json')) throw new AppError(415, 'unsupported_media_type', 'Send the body as application/json');
    const payload = await readRawBody(ctx, WEBHOOK_BODY_LIMIT);
    await webhookProcessor(ctx.state.app, payload, ctx.get('Stripe-Signature'), ctx.ip);
    ctx.body = { received: true };
  });

  router.get('/payments/:transactionId', auth('all'), validate({ params: paymentParams }), async (ctx) => {
    const { transactionId } = input<undefined, undefined, PaymentParams>(ctx).params;
    ctx.body = await present(ctx, await paymentVerifier(ctx.state.app, ctx.state.user, transactionId));
  });

  router.post('/payments/:transactionId/cancel', auth('all'), validate({ params: paymentParams }), async (ctx) => {
    const { transactionId } = input<undefined, undefined, PaymentParams>(ctx).params;
    ctx.body = await present(ctx, await orderCanceller(ctx.state.app, ctx.state.user, transactionId, ctx.ip));
  });

  return router;
}
