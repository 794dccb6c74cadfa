import Router from '@koa/router';
import { twoFactorCodeSchema, type TwoFactorCodeInput } from '@cairn/shared';
import { enrolmentConfirmer } from '../../commands/accounts/two-factor/enrolment-confirmer';
import { enrolmentStarter } from '../../commands/accounts/two-factor/enrolment-starter';
import { twoFactorDisabler } from '../../commands/accounts/two-factor/two-factor-disabler';
import { twoFactorStatusReader } from '../../commands/accounts/two-factor/two-factor-status-reader';
import type { AppState } from '../../koa-types';
import { requireSession } from '../../commands/accounts/two-factor/session-only';
import type { Ctx } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';

/** A token is turned away before its body is read: two-factor changes take a signed-in session. */
const sessionOnly = async (ctx: Ctx, next: () => Promise<unknown>) => {
  requireSession(ctx.state.auth);
  await next();
};

// Scope `all`; enrolling, confirming and disabling take a signed-in session (403 session_required).
export function twoFactorRoutes() {
  const router = new Router<AppState>();

  router.get('/users/me/two-factor', auth('all'), async (ctx) => {
    ctx.body = await twoFactorStatusReader(ctx.state.app, ctx.state.user);
  });

  router.post('/users/me/two-factor/enrolment', auth('all'), sessionOnly, async (ctx) => {
    ctx.body = await enrolmentStarter(ctx.state.app, ctx.state.user, ctx.state.auth);
  });

  router.post(
    '/users/me/two-factor/confirm',
    auth('all'),
    sessionOnly,
    jsonBody(),
    validate({ body: twoFactorCodeSchema }),
    async (ctx) => {
      const { code } = input<TwoFactorCodeInput>(ctx).body;
      ctx.body = await enrolmentConfirmer(ctx.state.app, ctx.state.user, ctx.state.auth, code, ctx.ip);
    },
  );

  router.post(
    '/users/me/two-factor/disable',
    auth('all'),
    sessionOnly,
    jsonBody(),
    validate({ body: twoFactorCodeSchema }),
    async (ctx) => {
      const { code } = input<TwoFactorCodeInput>(ctx).body;
      await twoFactorDisabler(ctx.state.app, ctx.state.user, ctx.state.auth, code, ctx.ip);
      ctx.status = 204;
    },
  );

  return router;
}
