import type { AppContext } from '../../context';
import type { OrderRow, UserRow } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { billingErrors } from './lib/billing-errors';
import { checkoutSettler } from './checkout-settler';
import { orderApplier } from './order-applier';

/** One of the user's own orders; anyone else's, or a malformed id, is `invalid_transaction`. */
export async function ownOrder(app: AppContext, user: UserRow, transactionId: string): Promise<OrderRow> {
  const order = isUuid(transactionId) ? await app.stores.orders.findById(transactionId) : undefined;
  if (!order || order.user_id !== user.id) throw billingErrors.invalidTransaction();
  return order;
}

/**
 * The state of one of the user's orders, asking the provider while the payment is unsettled and
 * applying the plan once it is paid (the webhook may not have arrived yet). Safe to call any number
 * of times, concurrently too: the plan is applied once.
 */
export async function paymentVerifier(app: AppContext, user: UserRow, transactionId: string): Promise<OrderRow> {
  let order = await ownOrder(app, user, transactionId);
  if (app.payments && order.stripe_session_id && (order.status === 'pending' || order.status === 'uncleared')) {
    let checkout;
    try {
      checkout = await app.payments.getCheckout(order.stripe_session_id);
    } catch (error) {
      app.logger.warn('payment verification failed', { orderId: order.id, error: (error as Error).message });
      throw billingErrors.verificationFailed();
    }
    order = await checkoutSettler(app, order, checkout, 'verification');
  }
  await orderApplier(app, order, 'verification');
  // Read again: a concurrent caller may have applied it while this one waited.
  return (await app.stores.orders.findById(order.id)) ?? order;
}
