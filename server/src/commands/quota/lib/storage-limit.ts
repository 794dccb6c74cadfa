import type { AppContext } from '../../../context';
import type { PlanRow, UserRow } from '../../../db/schema';

/** The account's limit: its plan plus any referral bonus. */
export async function storageLimit(app: AppContext, user: UserRow): Promise<number> {
  const plan = await planOf(app, user);
  return Number(plan.storage_limit_bytes) + Number(user.bonus_bytes);
}

/** The account's plan; the default plan if its plan no longer exists. */
export async function planOf(app: AppContext, user: UserRow): Promise<PlanRow> {
  return (await app.stores.plans.findByCode(user.plan_code)) ?? (await app.stores.plans.defaultPlan());
}
