import type { PlanRow } from '../db/schema';
import { centsToEur } from '../lib/units';

/** A plan as users see it: its storage in bytes and its monthly price in euros (0 is free). */
export function presentPlan(plan: PlanRow) {
  return {
    code: plan.code,
    name: plan.name,
    storageLimitBytes: Number(plan.storage_limit_bytes),
    priceMonthlyEur: centsToEur(plan.price_cents),
    description: plan.description,
    active: Boolean(plan.active),
    isDefault: Boolean(plan.is_default),
    egressLimitBytes: plan.egress_limit_bytes === null ? null : Number(plan.egress_limit_bytes),
    egressOverLimit: plan.egress_over_limit,
    requestLimitFactor: Number(plan.request_limit_factor),
  };
}
