import type { OrderRow, PlanRow } from '../db/schema';
import { centsToEur } from '../lib/units';
import { presentPlan } from './plan';

/** An order as its buyer sees it; `transactionId` is the order id. `plan` is null if the plan was deleted since. */
export function presentPayment(order: OrderRow, plan: PlanRow | undefined) {
  return {
    transactionId: order.id,
    status: order.status,
    planCode: order.plan_code,
    amountEur: centsToEur(order.amount_cents),
    currency: order.currency.toUpperCase(),
    method: order.method,
    createdAt: order.created_at,
    paidAt: order.paid_at,
    plan: plan ? presentPlan(plan) : null,
    applied: order.applied_at !== null,
    endedAt: order.ended_at,
  };
}
