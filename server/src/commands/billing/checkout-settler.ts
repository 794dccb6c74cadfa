import type { AppContext } from '../../context';
import type { OrderRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import type { CheckoutState } from '../../payments/types';
import { orderApplier } from './order-applier';
import { moveOrder } from './lib/order-mover';
import { paymentEvent } from '../../webhooks/events';

/**
 * Brings an order in line with what the provider says of its checkout — paid (then applied),
 * uncleared (completed, payment still clearing) or expired — and returns the order as it is now.
 * Every move is conditional on the order's state, so running this twice changes nothing more.
 * A payment that went through after the buyer cancelled is honoured: the money was taken.
 */
export async function checkoutSettler(app: AppContext, order: OrderRow, checkout: CheckoutState, via: string): Promise<OrderRow> {
  const ids = {
    stripe_subscription_id: checkout.subscriptionId ?? order.stripe_subscription_id,
    stripe_customer_id: checkout.customerId ?? order.stripe_customer_id,
  };
  if (checkout.status === 'complete' && checkout.paymentStatus !== 'unpaid') {
    const amountDiffers = checkout.amountTotal !== null && checkout.amountTotal !== order.amount_cents;
    const currencyDiffers = checkout.currency !== null && checkout.currency.toLowerCase() !== order.currency;
    if (amountDiffers || currencyDiffers) {
      const reason = `paid ${checkout.amountTotal} ${checkout.currency}, expected ${order.amount_cents} ${order.currency}`;
      await moveOrder(app, order, 'error', ['pending', 'uncleared', 'cancel'], { via, reason }, { ...ids, failure_reason: reason });
    } else {
      const now = nowIso();
      const plan = await app.stores.plans.findByCode(order.plan_code);
      await app.db.transaction().execute(async (trx) => {
        const changes = { ...ids, status: 'paid' as const, paid_at: now, updated_at: now };
        if (await app.stores.orders.transition(trx, order.id, ['pending', 'uncleared', 'cancel'], changes)) {
          await paymentEvent(app, trx, { ...order, ...changes }, plan, 'succeeded', now);
        }
      });
      const current = await app.stores.orders.findById(order.id);
      if (current) await orderApplier(app, current, via);
    }
  } else if (checkout.status === 'complete') {
    await moveOrder(app, order, 'uncleared', ['pending', 'cancel'], { via }, ids);
  } else if (checkout.status === 'expired') {
    await moveOrder(app, order, 'expired', ['pending'], { via });
  }
  return (await app.stores.orders.findById(order.id)) ?? order;
}
