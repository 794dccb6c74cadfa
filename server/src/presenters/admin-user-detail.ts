import type { adminUserReader } from '../commands/admin/admin-user-reader';
import type { RewardRow } from '../db/schema';
import { presentAdminFile, presentAdminReferral, presentAdminToken, presentAdminUser, presentLog, presentReward } from './admin';
import { presentPlan } from './plan';

type Detail = Awaited<ReturnType<typeof adminUserReader>>;

/** One account as its administrator page shows it; each list is its newest rows and the total. */
export function presentAdminUserDetail(detail: Detail, now: string, activeSince: string) {
  const { user, plan } = detail;
  return {
    user: {
      ...presentAdminUser(user, plan.storage_limit_bytes),
      country: user.country,
      language: user.language,
      referralCode: user.referral_code,
      referredBy: detail.referrer ? { id: detail.referrer.id, email: detail.referrer.email } : null,
      filesCount: Number(user.uploads_count),
    },
    plan: presentPlan(plan),
    files: { items: detail.files.rows.map(presentAdminFile), total: detail.files.total },
    tokens: { items: detail.tokens.rows.map((row) => presentAdminToken(row, now)), total: detail.tokens.total },
    referrals: { items: detail.referrals.rows.map((row) => presentAdminReferral(row, activeSince)), total: detail.referrals.total },
    rewards: { items: detail.rewards.rows.map(presentReward), total: detail.rewards.total },
    logs: { items: detail.logs.rows.map(presentLog), total: detail.logs.total },
  };
}

/** A bonus an administrator just granted, as the ledger lists it. */
export const presentGrantedReward = (reward: RewardRow, userEmail: string, adminEmail: string) =>
  presentReward({ ...reward, user_email: userEmail, source_email: adminEmail });
