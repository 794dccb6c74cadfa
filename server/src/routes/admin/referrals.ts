import Router from '@koa/router';
import { adminListQuerySchema } from '@cairn/shared';
import { adminReferralLister } from '../../commands/referrals/admin-referral-lister';
import { adminRewardLister } from '../../commands/referrals/admin-reward-lister';
import { ACTIVE_WINDOW_DAYS } from '../../commands/admin/stats-reader';
import type { AppState } from '../../koa-types';
import { addDays } from '../../lib/time';
import { requireAdmin } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { presentAdminReferral, presentReward } from '../../presenters/admin';
import { listPage } from './paging';

export function adminReferralRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/referrals', requireAdmin(), validate({ query: adminListQuerySchema }), async (ctx) => {
    const { page, limit, query } = listPage(ctx);
    const { rows, total } = await adminReferralLister(ctx.state.app, query);
    const activeSince = addDays(new Date(), -ACTIVE_WINDOW_DAYS).toISOString();
    ctx.body = { referrals: rows.map((row) => presentAdminReferral(row, activeSince)), total, page, limit };
  });

  router.get('/admin/rewards', requireAdmin(), validate({ query: adminListQuerySchema }), async (ctx) => {
    const { page, limit, query } = listPage(ctx);
    const { rows, total } = await adminRewardLister(ctx.state.app, query);
    ctx.body = { rewards: rows.map(presentReward), total, page, limit };
  });

  return router;
}
