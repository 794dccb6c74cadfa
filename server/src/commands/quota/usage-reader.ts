import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { planOf } from './lib/storage-limit';

/** Storage used against the limit (plan + referral bonus); `user` is the row auth read on this request. */
export async function usageReader(app: AppContext, user: UserRow) {
  const plan = await planOf(app, user);
  const used = Number(user.storage_used);
  const bonus = Number(user.bonus_bytes);
  const limit = Number(plan.storage_limit_bytes) + bonus;
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 10_000) / 100) : 100;
  return {
    used,
    limit,
    percent,
    limitReached: used >= limit,
    planCode: plan.code,
    planLimit: Number(plan.storage_limit_bytes),
    bonus,
    plan: { code: plan.code, name: plan.name },
  };
}
