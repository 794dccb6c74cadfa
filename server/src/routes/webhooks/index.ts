import Router from '@koa/router';
import { webhookCreateSchema, webhookUpdateSchema, type WebhookCreateInput, type WebhookUpdateInput } from '@cairn/shared';
import { z } from 'zod';
import { webhookCreator, webhookLister, webhookReader, webhookRemover, webhookUpdater } from '../../commands/webhooks/endpoints';
import type { AppState, Ctx } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentWebhook } from '../../presenters/webhook';

const webhookParams = z.object({ webhookId: z.string().min(1, 'webhookId is required').max(100) });
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

  return router;
}
