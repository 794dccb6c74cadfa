import type { AppContext } from '../../context';
import type { OrderRow, PlanRow, UserRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { billingErrors } from './lib/billing-errors';
import { planSwitcher } from './plan-switcher';
import { subscriptionEnder } from './subscription-ender';

/**
 * Moves an account to a plan that needs no payment, now. A running paid subscription is cancelled
 * at the provider first — if that fails nothing changes (the buyer would otherwise keep paying) —
 * then its order is ended, the plan switched and the referrer's share revoked in one transaction.
 */
export async function planChanger(app: AppContext, user: UserRow, plan: PlanRow, ip: string | null): Promise<PlanRow> {
  const running = await app.stores.orders.activeForUser(app.db, user.id);
  for (const order of running) {
    try {
      await subscriptionEnder(app, order, true);
    } catch {
      throw billingErrors.planChangeFailed();
    }
  }
  const ended: OrderRow[] = [];
  await app.db.transaction().execute(async (trx) => {
    const now = nowIso();
    for (const order of running) if (await app.stores.orders.markEnded(trx, order.id, now)) ended.push(order);
    await planSwitcher(app, trx, user.id, plan, null);
  });
  await auditRecorder(app, {
    action: 'change_plan',
    user,
    ip,
    details: { from: user.plan_code, to: plan.code, endedOrders: ended.map((order) => order.id) },
  });
  return plan;
}
