import type { AppContext } from '../context';
import type { OrderRow, UserRow } from '../db/schema';
import type { PaymentProvider } from '../payments/types';
import { billingErrors } from './billing-errors';
import { checkoutSettler } from './checkout-settler';
import { moveOrder } from './order-mover';
import { ownOrder } from './payment-verifier';

async function lookUp(payments: PaymentProvider, sessionId: string) {
  try {
    return await payments.getCheckout(sessionId);
  } catch {
    throw billingErrors.verificationFailed();
  }
}

/**
 * The buyer left the checkout: closes it at the provider so that it can no longer be paid and
 * marks the order `cancel`. If it turns out to be paid already, it is settled as paid instead.
 * Any other state is returned unchanged, so calling this again is harmless.
 */
export async function orderCanceller(app: AppContext, user: UserRow, transactionId: string, ip: string | null): Promise<OrderRow> {
  const order = await ownOrder(app, user, transactionId);
  if (order.status !== 'pending') return order;
  if (app.payments && order.stripe_session_id) {
    try {
      await app.payments.expireCheckout(order.stripe_session_id);
    } catch {
      // Stripe refuses to expire a checkout that is no longer open: find out how it ended.
      const settled = await checkoutSettler(app, order, await lookUp(app.payments, order.stripe_session_id), 'cancel');
      if (settled.status !== 'pending') return settled;
    }
  }
  await moveOrder(app, order, 'cancel', ['pending'], { via: 'buyer' }, {}, ip);
  return (await app.stores.orders.findById(order.id)) ?? order;
}
