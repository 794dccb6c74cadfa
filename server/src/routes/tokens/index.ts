import Router from '@koa/router';
import { tokenGenerateSchema, type TokenGenerateInput } from '@cairn/shared';
import { z } from 'zod';
import { revokedTokenRemover } from '../../commands/tokens/revoked-token-remover';
import { tokenGenerator } from '../../commands/tokens/token-generator';
import { tokenLister } from '../../commands/tokens/token-lister';
import { tokenRevoker } from '../../commands/tokens/token-revoker';
import type { AppState } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentToken } from '../../presenters/token';

const tokenParams = z.object({ id: z.string().min(1).max(100) });

export function tokenRoutes() {
  const router = new Router<AppState>();

  router.post('/tokens/generate', auth('all'), jsonBody(), validate({ body: tokenGenerateSchema }), async (ctx) => {
    const { token, secret } = await tokenGenerator(ctx.state.app, ctx.state.user, input<TokenGenerateInput>(ctx).body, ctx.ip);
    ctx.status = 201;
    ctx.body = { ...presentToken(token), token: secret };
  });

  router.get('/tokens', auth('all'), async (ctx) => {
    const tokens = await tokenLister(ctx.state.app, ctx.state.user);
    const now = new Date().toISOString();
    ctx.body = { tokens: tokens.map((token) => presentToken(token, now)) };
  });

  // Before /tokens/:id: `revoked` is no token id.
  router.delete('/tokens/revoked', auth('all'), async (ctx) => {
    ctx.body = { removed: await revokedTokenRemover(ctx.state.app, ctx.state.user) };
  });

  router.delete('/tokens/:id', auth('all'), validate({ params: tokenParams }), async (ctx) => {
    const { id } = input<undefined, undefined, z.infer<typeof tokenParams>>(ctx).params;
    ctx.body = presentToken(await tokenRevoker(ctx.state.app, ctx.state.user, id, ctx.ip));
  });

  return router;
}
