import type { AppContext } from '../../context';
import type { OrderRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { auditOrder } from './lib/order-audit';
import { planSwitcher } from './plan-switcher';

/**
 * Ends what a paid order gave, after a full refund or when its subscription ended: the buyer goes
 * back to the default plan (if still on the order's plan) and the referrer's share is revoked.
 * Files are never deleted. Each effect happens once however often the provider reports it; true
 * when this call changed anything.
 */
export async function orderEnder(app: AppContext, order: OrderRow, outcome: 'refunded' | 'ended', via: string): Promise<boolean> {
  const fallback = await app.stores.plans.defaultPlan();
  const { refunded, ended, downgraded } = await app.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const refunded =
      outcome === 'refunded' && (await app.stores.orders.transition(trx, order.id, ['paid'], { status: 'refunded', updated_at: now }));
    const ended = await app.stores.orders.markEnded(trx, order.id, now);
    const downgraded = ended && order.user_id ? await planSwitcher(app, trx, order.user_id, fallback, order.id, order.plan_code) : false;
    return { refunded, ended, downgraded };
  });
  if (refunded) await auditOrder(app, order, 'order_refunded', { from: order.status, via }, 'warning');
  if (downgraded) await auditOrder(app, order, 'change_plan', { via, to: fallback.code, reason: outcome });
  return refunded || ended;
}
