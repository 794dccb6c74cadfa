import type { PlanCreateInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { PlanRow, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';

const planExists = () => conflict('plan_exists', 'A plan with this code already exists');

/** Adds a plan to the catalogue; a new default plan takes the flag from the previous one. */
export async function planCreator(app: AppContext, admin: UserRow, input: PlanCreateInput, ip: string): Promise<PlanRow> {
  if (await app.stores.plans.findByCode(input.code)) throw planExists();
  const now = nowIso();
  const plan: PlanRow = {
    code: input.code,
    name: input.name,
    storage_limit_bytes: input.storageLimitBytes,
    price_cents: Math.round(input.priceMonthlyEur * 100),
    description: input.description,
    active: input.active ? 1 : 0,
    is_default: input.isDefault ? 1 : 0,
    egress_limit_bytes: input.egressLimitBytes ?? null,
    egress_over_limit: input.egressOverLimit,
    request_limit_factor: input.requestLimitFactor,
    created_at: now,
    updated_at: now,
  };
  try {
    await app.stores.admin.plans.insert(plan, input.translations);
  } catch (error) {
    if (isUniqueViolation(error)) throw planExists();
    throw error;
  }
  await auditRecorder(app, { action: 'create_plan', user: admin, ip, details: { planCode: plan.code, ...input } });
  return plan;
}
