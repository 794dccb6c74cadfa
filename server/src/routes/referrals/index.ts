import Router from '@koa/router';
import { referralReader } from '../../commands/referrals/referral-reader';
import type { AppState } from '../../koa-types';
import { auth } from '../../middleware/auth';

export function referralRoutes() {
  const router = new Router<AppState>();

  router.get('/referrals/me', auth('all'), async (ctx) => {
    ctx.body = await referralReader(ctx.state.app, ctx.state.user);
  });

  return router;
}
