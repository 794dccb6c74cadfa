import type { AppContext } from '../../../context';
import type { LogRow, OrderRow, OrderStatus, OrdersTable } from '../../../db/schema';
import type { Updateable } from 'kysely';
import { nowIso } from '../../../lib/time';
import { auditOrder } from './order-audit';

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
  const moved = await app.stores.orders.transition(app.db, order.id, from, { ...changes, status: to, updated_at: nowIso() });
  if (moved) await auditOrder(app, order, `order_${to}`, { from: order.status, ...details }, SEVERITY[to], ip);
  return moved;
}
