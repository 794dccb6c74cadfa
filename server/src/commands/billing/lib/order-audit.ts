import type { AuditAction } from '@cairn/shared/api-types';
import type { AppContext } from '../../../context';
import type { LogRow, OrderRow } from '../../../db/schema';
import { auditRecorder } from '../../audit/audit-recorder';

/** One audit row about an order, under its buyer's account (if it still exists). */
export async function auditOrder(
  app: AppContext,
  order: OrderRow,
  action: AuditAction,
  details: Record<string, unknown> = {},
  type: LogRow['type'] = 'info',
  ip: string | null = null,
): Promise<void> {
  const user = order.user_id ? await app.stores.users.findById(order.user_id) : undefined;
  await auditRecorder(app, {
    action,
    type,
    ip,
    user: user ? { id: user.id, email: user.email } : null,
    details: { orderId: order.id, planCode: order.plan_code, ...details },
  });
}
