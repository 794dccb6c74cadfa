import type { AppContext } from '../../context';
import type { OrderRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { moveOrder } from './lib/order-mover';
import { auditOrder } from './lib/order-audit';
import { planSwitcher } from './plan-switcher';
import { subscriptionEnder } from './subscription-ender';

/**
 * Gives a paid order's plan to its buyer, once: the conditional UPDATE on the order lets exactly
 * one of any concurrent callers (webhook, verification) through, and the plan change, the
 * referrer's share and the end of any earlier subscription commit with it. The earlier
 * subscription is then cancelled at the provider. True when this call applied the order.
 */
export async function orderApplier(app: AppContext, order: OrderRow, via: string): Promise<boolean> {
  const userId = order.user_id;
  // A renewal pays for a plan its checkout order gave (or gave once): it never gives one itself.
  if (order.status !== 'paid' || order.applied_at || order.ended_at || order.renewal_of || !userId) return false;
  const plan = await app.stores.plans.findByCode(order.plan_code);
  if (!plan) {
    await moveOrder(app, order, 'error', ['paid'], { reason: 'the plan no longer exists' }, { failure_reason: 'plan deleted' });
    return false;
  }
  let previous: OrderRow[] = [];
  const applied = await app.db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await app.stores.orders.markApplied(trx, order.id, now))) return false;
    await planSwitcher(app, trx, userId, plan, order.id);
    previous = await app.stores.orders.activeForUser(trx, userId, order.id);
    for (const old of previous) await app.stores.orders.markEnded(trx, old.id, now);
    return true;
  });
  if (!applied) return false;
  await auditOrder(app, order, 'change_plan', { via, replacedOrders: previous.map((old) => old.id) });
  for (const old of previous) await subscriptionEnder(app, old);
  return true;
}
