import type { AppContext } from '../../context';
import type { OrderRow } from '../../db/schema';
import { auditOrder } from './lib/order-audit';

/**
 * Stops the provider billing an order's subscription once its plan no longer applies. A failure is
 * recorded as critical (someone must end it by hand) and thrown only when `strict`.
 */
export async function subscriptionEnder(app: AppContext, order: OrderRow, strict = false): Promise<void> {
  if (!order.stripe_subscription_id || !app.payments) return;
  try {
    await app.payments.cancelSubscription(order.stripe_subscription_id);
  } catch (error) {
    app.logger.error('subscription cancel failed', { orderId: order.id, error: (error as Error).message });
    await auditOrder(app, order, 'order_error', { reason: 'the subscription could not be cancelled' }, 'critical');
    if (strict) throw error;
  }
}
