import type { AppContext } from '../../../context';
import type { LogRow, OrderRow, OrderStatus, OrdersTable } from '../../../db/schema';
import type { Updateable } from 'kysely';
import { nowIso } from '../../../lib/time';
import { auditOrder } from './order-audit';
import { paymentEvent } from '../../../webhooks/events';

type Outcome = Extract<OrderStatus, 'cancel' | 'uncleared' | 'declined' | 'expired' | 'void' | 'error'>;

const SEVERITY: Record<Outcome, LogRow['type']> = {
  cancel: 'info',
  uncleared: 'info',
  declined: 'warning',
  expired: 'info',
  void: 'info',
  error: 'critical',
};

/**
 * Moves an order to an outcome that gives no plan, only from the states listed, and records the
 * outcome in the audit log. False (and nothing written) when the order was not in one of them.
 */
export async function moveOrder(
  app: AppContext,
  order: OrderRow,
  to: Outcome,
  from: OrderStatus[],
  details: Record<string, unknown> = {},
  changes: Updateable<OrdersTable> = {},
  ip: string | null = null,
): Promise<boolean> {
  const plan = to === 'declined' ? await app.stores.plans.findByCode(order.plan_code) : undefined;
  const moved = await app.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const all = { ...changes, status: to, updated_at: now };
    if (!(await app.stores.orders.transition(trx, order.id, from, all))) return false;
    // A declined card is news to the buyer; the other outcomes are the buyer's own doing or ours.
    if (to === 'declined') await paymentEvent(app, trx, { ...order, ...all } as OrderRow, plan, 'failed', now);
    return true;
  });
  if (moved) await auditOrder(app, order, `order_${to}`, { from: order.status, ...details }, SEVERITY[to], ip);
  return moved;
}
