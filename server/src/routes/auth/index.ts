import Router from '@koa/router';
import {
  loginSchema,
  signupSchema,
  twoFactorLoginSchema,
  type LoginInput,
  type SignupInput,
  type TwoFactorLoginInput,
} from '@cairn/shared';
import { sessionCreator } from '../../commands/accounts/session-creator';
import { sessionEnder } from '../../commands/accounts/session-ender';
import { twoFactorSessionCreator } from '../../commands/accounts/two-factor/two-factor-session-creator';
import { userCreator } from '../../commands/accounts/user-creator';
import type { AppState } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentUser } from '../../presenters/user';

export function authRoutes() {
  const router = new Router<AppState>();

  router.post('/auth/signup', jsonBody(), validate({ body: signupSchema }), async (ctx) => {
    const user = await userCreator(ctx.state.app, input<SignupInput>(ctx).body, { ip: ctx.ip });
    ctx.status = 201;
    ctx.body = { user: presentUser(user) };
  });

  router.post('/auth/login', jsonBody(), validate({ body: loginSchema }), async (ctx) => {
    const session = await sessionCreator(ctx.state.app, input<LoginInput>(ctx).body, ctx.ip);
    ctx.body = session;
  });

  router.post('/auth/login/two-factor', jsonBody(), validate({ body: twoFactorLoginSchema }), async (ctx) => {
    ctx.body = await twoFactorSessionCreator(ctx.state.app, input<TwoFactorLoginInput>(ctx).body, ctx.ip);
  });

  router.post('/auth/logout', auth('any'), async (ctx) => {
    await sessionEnder(ctx.state.app, ctx.state.user, ctx.state.auth, ctx.ip);
    ctx.status = 204;
  });

  return router;
}
