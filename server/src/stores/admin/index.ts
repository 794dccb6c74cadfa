import type { Db } from '../../db/database';
import { createAdminLogStore } from './logs';
import { createAdminPlanStore } from './plans';
import { createAdminReferralStore } from './referrals';
import { createStatsStore } from './stats';
import { createAdminTokenStore } from './tokens';
import { createAdminUploadStore } from './uploads';
import { createAdminUserStore } from './users';

/** Queries across every account, used only behind requireAdmin(). */
export function createAdminStores(db: Db) {
  return {
    users: createAdminUserStore(db),
    uploads: createAdminUploadStore(db),
    tokens: createAdminTokenStore(db),
    logs: createAdminLogStore(db),
    plans: createAdminPlanStore(db),
    stats: createStatsStore(db),
    referrals: createAdminReferralStore(db),
  };
}
