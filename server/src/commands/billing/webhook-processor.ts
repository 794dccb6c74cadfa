import type { AppContext } from '../../context';
import type { OrderRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { InvalidSignatureError, type CheckoutState, type PaidInvoice, type PaymentEvent } from '../../payments/types';
import { auditRecorder } from '../audit/audit-recorder';
import { billingErrors } from './lib/billing-errors';
import { checkoutSettler } from './checkout-settler';
import { invoiceRecorder } from './invoice-recorder';
import { auditOrder } from './lib/order-audit';
import { orderEnder } from './order-ender';
import { moveOrder } from './lib/order-mover';
import { paymentEvent } from '../../webhooks/events';

const VIA = 'webhook';

/** The order a checkout belongs to: by the id we gave the provider, checked against the session. */
async function orderOfCheckout(app: AppContext, checkout: CheckoutState): Promise<OrderRow | undefined> {
  const byId = checkout.orderId ? await app.stores.orders.findById(checkout.orderId) : undefined;
  if (byId && byId.stripe_session_id === checkout.sessionId) return byId;
  return app.stores.orders.findBySession(checkout.sessionId);
}

/**
 * The checkout order whose subscription an invoice bills: by the subscription, or (the first
 * invoice may arrive before the checkout is settled) by the order id in the subscription's metadata.
 */
async function orderOfInvoice(app: AppContext, invoice: PaidInvoice): Promise<OrderRow | undefined> {
  const bySubscription = invoice.subscriptionId ? await app.stores.orders.findBySubscription(invoice.subscriptionId) : undefined;
  if (bySubscription || !invoice.orderId) return bySubscription;
  const byId = await app.stores.orders.findById(invoice.orderId);
  const sameSubscription = !byId?.stripe_subscription_id || byId.stripe_subscription_id === invoice.subscriptionId;
  return byId && !byId.renewal_of && sameSubscription ? byId : undefined;
}

async function orderOf(app: AppContext, event: PaymentEvent): Promise<OrderRow | undefined> {
  const { orders } = app.stores;
  switch (event.kind) {
    case 'checkout_completed':
    case 'checkout_payment_succeeded':
    case 'checkout_payment_failed':
    case 'checkout_expired':
      return orderOfCheckout(app, event.checkout);
    case 'charge_refunded':
      return (
        (event.orderId ? await orders.findById(event.orderId) : undefined) ??
        (event.customerId ? await orders.activeForCustomer(event.customerId) : undefined)
      );
    case 'invoice_payment_failed':
      return event.subscriptionId ? orders.findBySubscription(event.subscriptionId) : undefined;
    case 'invoice_paid':
      return orderOfInvoice(app, event.invoice);
    case 'subscription_ended':
      return (await orders.findBySubscription(event.subscriptionId)) ?? (event.orderId ? await orders.findById(event.orderId) : undefined);
    default:
      return undefined;
  }
}

/** `payment.failed` for a subscription's renewal, which moves no order: the provider's event id already makes it once. */
async function renewalFailed(app: AppContext, order: OrderRow): Promise<void> {
  const plan = await app.stores.plans.findByCode(order.plan_code);
  const now = nowIso();
  await app.db.transaction().execute((trx) => paymentEvent(app, trx, order, plan, 'failed', now, true));
}

/** What an event does to its order; the outcome names what happened, for the audit log. */
async function handle(app: AppContext, event: PaymentEvent, order: OrderRow): Promise<string> {
  switch (event.kind) {
    case 'checkout_completed':
    case 'checkout_payment_succeeded':
    case 'checkout_expired':
      return (await checkoutSettler(app, order, event.checkout, VIA)).status;
    case 'checkout_payment_failed':
      return (await moveOrder(app, order, 'declined', ['pending', 'uncleared'], { via: VIA })) ? 'declined' : 'unchanged';
    case 'charge_refunded':
      if (!event.fullyRefunded) return 'partial_refund_ignored';
      return (await orderEnder(app, order, 'refunded', VIA)) ? 'refunded' : 'unchanged';
    case 'invoice_payment_failed':
      if (await moveOrder(app, order, 'declined', ['pending', 'uncleared'], { via: VIA })) return 'declined';
      // A renewal failed: Stripe retries, and ends the subscription if it keeps failing.
      if (order.status === 'paid') {
        await auditOrder(app, order, 'process_webhook', { via: VIA, reason: 'renewal payment failed' }, 'warning');
        await renewalFailed(app, order);
      }
      return 'renewal_failed';
    case 'invoice_paid':
      return invoiceRecorder(app, order, event.invoice, VIA);
    case 'subscription_ended':
      if (await moveOrder(app, order, 'void', ['pending', 'uncleared'], { via: VIA })) return 'void';
      return (await orderEnder(app, order, 'ended', VIA)) ? 'ended' : 'unchanged';
    default:
      return 'ignored';
  }
}

/**
 * Handles one provider webhook: checks its signature over the raw bytes, handles each event id
 * once (a redelivery or a replay changes nothing) and records what it did. If handling fails the
 * claim is dropped, so the provider's retry is handled afresh.
 */
export async function webhookProcessor(app: AppContext, payload: Buffer, signature: string, ip: string | null): Promise<void> {
  if (!app.payments) throw billingErrors.paymentsNotConfigured();
  if (!signature) throw billingErrors.invalidSignature('Missing Stripe-Signature header');
  let event: PaymentEvent;
  try {
    event = app.payments.parseEvent(payload, signature);
  } catch (error) {
    if (!(error instanceof InvalidSignatureError)) throw error;
    await auditRecorder(app, { action: 'process_webhook', type: 'warning', ip, details: { outcome: 'invalid_signature' } });
    throw billingErrors.invalidSignature('Invalid webhook signature');
  }
  if (!(await app.stores.processedEvents.claim(event.id, event.providerType, nowIso()))) return;
  try {
    const order = await orderOf(app, event);
    const outcome = event.kind === 'ignored' ? 'ignored' : order ? await handle(app, event, order) : 'order_not_found';
    const details = { eventId: event.id, type: event.providerType, outcome };
    if (order) await auditOrder(app, order, 'process_webhook', details, 'info', ip);
    else await auditRecorder(app, { action: 'process_webhook', type: outcome === 'ignored' ? 'info' : 'warning', ip, details });
  } catch (error) {
    await app.stores.processedEvents.release(event.id);
    throw error;
  }
}
