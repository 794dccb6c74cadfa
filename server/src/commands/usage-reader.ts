import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';

/** Storage used against the limit (plan + referral bonus). */
export async function usageReader(app: AppContext, user: UserRow) {
  const plan = (await app.stores.plans.findByCode(user.plan_code)) ?? (await app.stores.plans.defaultPlan());
  const fresh = (await app.stores.users.findById(user.id)) ?? user;
  const used = Number(fresh.storage_used);
  const bonus = Number(fresh.bonus_bytes);
  const limit = Number(plan.storage_limit_bytes) + bonus;
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 10_000) / 100) : 100;
  return {
    used,
    limit,
    percent,
    limitReached: used >= limit,
    planLimit: Number(plan.storage_limit_bytes),
    bonus,
    plan: { code: plan.code, name: plan.name },
  };
}
