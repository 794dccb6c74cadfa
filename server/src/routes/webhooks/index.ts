import Router from '@koa/router';
import {
  pageQuerySchema,
  webhookCreateSchema,
  webhookRotateSecretSchema,
  webhookUpdateSchema,
  type WebhookCreateInput,
  type WebhookRotateSecretInput,
  type WebhookUpdateInput,
} from '@cairn/shared';
import { z } from 'zod';
import {
  webhookCreator,
  webhookDeliveryLister,
  webhookLister,
  webhookReader,
  webhookRemover,
  webhookResender,
  webhookSecretRotator,
  webhookTester,
  webhookUpdater,
} from '../../commands/webhooks/endpoints';
import type { AppState, Ctx } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentWebhook, presentWebhookDelivery } from '../../presenters/webhook';

const webhookParams = z.object({ webhookId: z.string().min(1, 'webhookId is required').max(100) });
const deliveryParams = webhookParams.extend({ deliveryId: z.string().min(1, 'deliveryId is required').max(100) });
const deliveryQuery = pageQuerySchema.omit({ search: true });
const webhookId = (ctx: Ctx) => input<unknown, unknown, z.infer<typeof webhookParams>>(ctx).params.webhookId;

/** The account's webhook endpoints. Full access only: an endpoint sees every event of the account. */
export function webhookRoutes() {
  const router = new Router<AppState>();

  router.get('/webhooks', auth('all'), async (ctx) => {
    ctx.body = { webhooks: (await webhookLister(ctx.state.app, ctx.state.user.id)).map(presentWebhook) };
  });

  router.post('/webhooks', auth('all'), jsonBody(), validate({ body: webhookCreateSchema }), async (ctx) => {
    const { row, secret } = await webhookCreator(ctx.state.app, ctx.state.user.id, input<WebhookCreateInput>(ctx).body);
    ctx.status = 201;
    ctx.body = { ...presentWebhook(row), secret };
  });

  router.get('/webhooks/:webhookId', auth('all'), validate({ params: webhookParams }), async (ctx) => {
    ctx.body = presentWebhook(await webhookReader(ctx.state.app, ctx.state.user.id, webhookId(ctx)));
  });

  router.patch(
    '/webhooks/:webhookId',
    auth('all'),
    jsonBody(),
    validate({ params: webhookParams, body: webhookUpdateSchema }),
    async (ctx) => {
      ctx.body = presentWebhook(
        await webhookUpdater(ctx.state.app, ctx.state.user.id, webhookId(ctx), input<WebhookUpdateInput>(ctx).body),
      );
    },
  );

  router.delete('/webhooks/:webhookId', auth('all'), validate({ params: webhookParams }), async (ctx) => {
    await webhookRemover(ctx.state.app, ctx.state.user.id, webhookId(ctx));
    ctx.body = { deleted: true };
  });

  router.post(
    '/webhooks/:webhookId/rotate-secret',
    auth('all'),
    jsonBody(),
    validate({ params: webhookParams, body: webhookRotateSecretSchema }),
    async (ctx) => {
      const { overlapHours } = input<WebhookRotateSecretInput>(ctx).body;
      const { row, secret } = await webhookSecretRotator(ctx.state.app, ctx.state.user.id, webhookId(ctx), overlapHours);
      ctx.body = { webhook: presentWebhook(row), secret };
    },
  );

  router.post('/webhooks/:webhookId/test', auth('all'), validate({ params: webhookParams }), async (ctx) => {
    ctx.status = 202;
    ctx.body = await webhookTester(ctx.state.app, ctx.state.user.id, webhookId(ctx));
  });

  router.get('/webhooks/:webhookId/deliveries', auth('all'), validate({ params: webhookParams, query: deliveryQuery }), async (ctx) => {
    const { page, limit } = input<undefined, z.infer<typeof deliveryQuery>>(ctx).query;
    const { rows, total } = await webhookDeliveryLister(ctx.state.app, ctx.state.user.id, webhookId(ctx), (page - 1) * limit, limit);
    ctx.body = { deliveries: rows.map(presentWebhookDelivery), total, page, limit };
  });

  router.post('/webhooks/:webhookId/deliveries/:deliveryId/resend', auth('all'), validate({ params: deliveryParams }), async (ctx) => {
    const { deliveryId } = input<unknown, unknown, z.infer<typeof deliveryParams>>(ctx).params;
    ctx.status = 202;
    ctx.body = await webhookResender(ctx.state.app, ctx.state.user.id, webhookId(ctx), deliveryId);
  });

  return router;
}
