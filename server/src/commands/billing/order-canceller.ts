import type { AppContext } from '../../context';
import type { OrderRow, UserRow } from '../../db/schema';
import { checkoutSettler } from './checkout-settler';
import { moveOrder } from './lib/order-mover';
import { ownOrder } from './payment-verifier';

/**
 * The buyer left the checkout: the order becomes `cancel` and its checkout is closed at the
 * provider so that it can no longer be paid. If the provider says it was paid meanwhile, it is
 * settled as paid after all (the money was taken). An order in any other state is returned
 * unchanged, so calling this again is harmless.
 */
export async function orderCanceller(app: AppContext, user: UserRow, transactionId: string, ip: string | null): Promise<OrderRow> {
  const order = await ownOrder(app, user, transactionId);
  if (!(await moveOrder(app, order, 'cancel', ['pending'], { via: 'buyer' }, {}, ip))) return order;
  const cancelled = (await app.stores.orders.findById(order.id)) ?? order;
  if (!app.payments || !cancelled.stripe_session_id) return cancelled;
  try {
    await app.payments.expireCheckout(cancelled.stripe_session_id);
    return cancelled;
  } catch (error) {
    // Stripe refuses to expire a checkout that is no longer open: find out how it ended.
    try {
      return await checkoutSettler(app, cancelled, await app.payments.getCheckout(cancelled.stripe_session_id), 'cancel');
    } catch {
      app.logger.warn('checkout could not be closed', { orderId: order.id, error: (error as Error).message });
      return cancelled;
    }
  }
}
