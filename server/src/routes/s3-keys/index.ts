import Router from '@koa/router';
import { s3KeyCreateSchema, type S3KeyCreateInput } from '@cairn/shared';
import { z } from 'zod';
import { s3KeyCreator } from '../../commands/s3-keys/s3-key-creator';
import { s3Endpoint, s3KeyLister, s3Region } from '../../commands/s3-keys/s3-key-lister';
import { s3KeyRemover } from '../../commands/s3-keys/s3-key-remover';
import type { AppState } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentS3Key } from '../../presenters/s3-key';

const keyParams = z.object({ id: z.string().min(1).max(100) });

/** The account's S3 access keys. Full access only: a key reaches every bucket of the account. */
export function s3KeyRoutes() {
  const router = new Router<AppState>();

  router.get('/s3/keys', auth('all'), async (ctx) => {
    const { app } = ctx.state;
    const keys = await s3KeyLister(app, ctx.state.user);
    ctx.body = { keys: keys.map(presentS3Key), endpoint: s3Endpoint(app), region: s3Region(app) };
  });

  router.post('/s3/keys', auth('all'), jsonBody(), validate({ body: s3KeyCreateSchema }), async (ctx) => {
    const { key, secret } = await s3KeyCreator(ctx.state.app, ctx.state.user, input<S3KeyCreateInput>(ctx).body, ctx.ip);
    ctx.status = 201;
    ctx.body = { ...presentS3Key(key), secretAccessKey: secret };
  });

  router.delete('/s3/keys/:id', auth('all'), validate({ params: keyParams }), async (ctx) => {
    const { id } = input<undefined, undefined, z.infer<typeof keyParams>>(ctx).params;
    await s3KeyRemover(ctx.state.app, ctx.state.user, id, ctx.ip);
    ctx.status = 204;
  });

  return router;
}
