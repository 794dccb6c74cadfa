import Router from '@koa/router';
import { usageCheckSchema, type UsageCheckInput } from '@cairn/shared';
import { usageCheckLister } from '../../commands/quota/usage-check-lister';
import { USAGE_CHECK_INTERVAL_MS, usageChecker } from '../../commands/quota/usage-checker';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentUsageCheck } from '../../presenters/usage-check';

/** Checks recent enough to list. */
const CHECKS_LISTED = 20;

/** The comparison of every account's usage with its records, for operators: the last checks, and one now. */
export function adminUsageRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/usage/checks', requireAdmin(), async (ctx) => {
    const checks = await usageCheckLister(ctx.state.app, CHECKS_LISTED);
    ctx.body = { intervalSeconds: USAGE_CHECK_INTERVAL_MS / 1000, checks: checks.map(presentUsageCheck) };
  });

  router.post('/admin/usage/checks', requireAdmin(), jsonBody(), validate({ body: usageCheckSchema }), async (ctx) => {
    const { repair } = input<UsageCheckInput>(ctx).body;
    const check = await usageChecker(ctx.state.app, { trigger: 'admin', repair, admin: ctx.state.user, ip: ctx.ip });
    ctx.body = { check: presentUsageCheck(check) };
  });

  return router;
}
