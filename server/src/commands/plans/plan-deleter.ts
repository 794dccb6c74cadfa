import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { auditRecorder } from '../audit/audit-recorder';
import { defaultPlanProtected, planNotFound } from './plan-updater';

const planInUse = (users: number) =>
  conflict('plan_in_use', `${users} account(s) hold this plan: deactivate it instead, so that nobody new can choose it`);
const planBeingBought = () =>
  conflict('plan_in_use', 'A checkout of this plan is waiting for payment: deactivate the plan instead, so that nobody new can choose it');

/** Deletes a plan that no account holds or is buying; the default plan is never deleted. */
export async function planDeleter(app: AppContext, admin: UserRow, code: string, ip: string): Promise<void> {
  const plans = app.stores.admin.plans;
  const plan = await app.stores.plans.findByCode(code);
  if (!plan) throw planNotFound();
  if (plan.is_default) throw defaultPlanProtected();
  const users = await plans.usersCount(plan.code);
  if (users > 0) throw planInUse(users);
  if ((await plans.pendingOrders(plan.code)) > 0) throw planBeingBought();
  // An account may have taken the plan since the checks: the delete itself re-checks.
  if (!(await plans.deleteUnused(plan.code))) {
    if (!(await app.stores.plans.findByCode(plan.code))) throw planNotFound();
    throw planInUse(await plans.usersCount(plan.code));
  }
  await auditRecorder(app, { action: 'delete_plan', type: 'warning', user: admin, ip, details: { planCode: plan.code, name: plan.name } });
}
