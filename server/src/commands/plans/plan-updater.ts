import type { PlanUpdateInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { PlanRow, UserRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { PlanChanges } from '../../stores/admin/plans';
import { auditRecorder } from '../audit/audit-recorder';

export const planNotFound = () => notFound('plan_not_found', 'Plan not found');
export const defaultPlanProtected = () =>
  conflict('default_plan_protected', 'The default plan cannot be deleted or deactivated: make another plan the default first');

/**
 * Edits a plan. Accounts on a deactivated plan keep it; nobody new can choose it. There is always
 * exactly one default plan, and it is active: it can only stop being the default by another plan
 * becoming the default.
 */
export async function planUpdater(app: AppContext, admin: UserRow, code: string, input: PlanUpdateInput, ip: string): Promise<PlanRow> {
  const plan = await app.stores.plans.findByCode(code);
  if (!plan) throw planNotFound();
  if (plan.is_default && (input.active === false || input.isDefault === false)) throw defaultPlanProtected();
  const willBeActive = input.active ?? Boolean(plan.active);
  if (input.isDefault && !willBeActive) throw conflict('default_plan_inactive', 'The default plan must be active');

  const changes: PlanChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.storageLimitBytes !== undefined) changes.storage_limit_bytes = input.storageLimitBytes;
  if (input.priceMonthlyEur !== undefined) changes.price_cents = Math.round(input.priceMonthlyEur * 100);
  if (input.description !== undefined) changes.description = input.description;
  if (input.active !== undefined) changes.active = input.active ? 1 : 0;
  if (input.isDefault !== undefined) changes.is_default = input.isDefault ? 1 : 0;
  if (input.egressLimitBytes !== undefined) changes.egress_limit_bytes = input.egressLimitBytes;
  if (input.egressOverLimit !== undefined) changes.egress_over_limit = input.egressOverLimit;
  if (input.requestLimitFactor !== undefined) changes.request_limit_factor = input.requestLimitFactor;

  const now = nowIso();
  await app.stores.admin.plans.update(plan.code, changes, now, input.translations);
  await auditRecorder(app, { action: 'update_plan', user: admin, ip, details: { planCode: plan.code, changes: input } });
  return { ...plan, ...changes, updated_at: now };
}
