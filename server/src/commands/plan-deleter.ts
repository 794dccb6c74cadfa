import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { conflict } from '../lib/errors';
import { auditRecorder } from './audit-recorder';
import { defaultPlanProtected, planNotFound } from './plan-updater';

const planInUse = (users: number) =>
  conflict('plan_in_use', `${users} account(s) hold this plan: deactivate it instead, so that nobody new can choose it`);

/** Deletes a plan that no account holds; the default plan is never deleted. */
export async function planDeleter(app: AppContext, admin: UserRow, code: string, ip: string): Promise<void> {
  const plan = await app.stores.plans.findByCode(code);
  if (!plan) throw planNotFound();
  if (plan.is_default) throw defaultPlanProtected();
  const users = await app.stores.admin.plans.usersCount(plan.code);
  if (users > 0 || !(await app.stores.admin.plans.deleteUnused(plan.code))) {
    throw planInUse(users || (await app.stores.admin.plans.usersCount(plan.code)));
  }
  await auditRecorder(app, { action: 'delete_plan', type: 'warning', user: admin, ip, details: { planCode: plan.code, name: plan.name } });
}
