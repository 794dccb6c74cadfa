import Router from '@koa/router';
import type { AppState } from '../../koa-types';
import { adminContentJobRoutes } from './content-jobs';
import { adminEngineGcRoutes } from './engine-gc';
import { adminFileRoutes } from './files';
import { adminLogRoutes } from './logs';
import { adminPlanRoutes } from './plans';
import { adminReferralRoutes } from './referrals';
import { adminSettingRoutes } from './settings';
import { adminStatsRoutes } from './stats';
import { adminTokenRoutes } from './tokens';
import { adminUsageRoutes } from './usage';
import { adminUserRoutes } from './users';

/** The management area's API: every route requires role admin (403 `admin_required` otherwise). */
export function adminRoutes() {
  const router = new Router<AppState>();
  for (const routes of [
    adminStatsRoutes(),
    adminUserRoutes(),
    adminFileRoutes(),
    adminLogRoutes(),
    adminPlanRoutes(),
    adminTokenRoutes(),
    adminReferralRoutes(),
    adminContentJobRoutes(),
    adminEngineGcRoutes(),
    adminUsageRoutes(),
    adminSettingRoutes(),
  ]) {
    router.use(routes.routes());
  }
  return router;
}
