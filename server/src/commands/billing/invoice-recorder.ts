import type { AppContext } from '../../context';
import type { OrderRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import type { PaidInvoice } from '../../payments/types';
import { auditOrder } from './lib/order-audit';
import { paymentEvent } from '../../webhooks/events';

/** A renewal order: the same buyer, plan and subscription as `order`, for what the invoice took. */
function renewalOrder(order: OrderRow, invoice: PaidInvoice, now: string): OrderRow {
  return {
    id: newId(),
    user_id: order.user_id,
    plan_code: order.plan_code,
    amount_cents: invoice.amountPaid,
    currency: invoice.currency.toLowerCase(),
    method: order.method,
    status: 'paid',
    stripe_session_id: null,
    stripe_subscription_id: invoice.subscriptionId ?? order.stripe_subscription_id,
    stripe_customer_id: invoice.customerId ?? order.stripe_customer_id,
    stripe_invoice_id: invoice.invoiceId,
    renewal_of: order.id,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    paid_at: invoice.paidAt ?? now,
    applied_at: null,
    ended_at: null,
  };
}

/**
 * Records a paid invoice of the subscription that `order` (its checkout order) bought. The first
 * invoice is the checkout's own payment, already counted: it is only linked to the order. Each
 * renewal becomes a paid order of its own, so that it counts as income, once per invoice however
 * often it is reported. A renewal never changes a plan: if the order's plan has ended meanwhile
 * the money was still taken, so it is recorded, with a warning for the administrators.
 * Returns what happened, for the audit log.
 */
export async function invoiceRecorder(app: AppContext, order: OrderRow, invoice: PaidInvoice, via: string): Promise<string> {
  const now = nowIso();
  if (invoice.reason === 'first') {
    return (await app.stores.orders.linkInvoice(order.id, invoice.invoiceId, now)) ? 'first_invoice_linked' : 'unchanged';
  }
  if (invoice.reason !== 'renewal') return 'not_a_renewal';

  const renewal = renewalOrder(order, invoice, now);
  const plan = await app.stores.plans.findByCode(renewal.plan_code);
  const inserted = await app.db.transaction().execute(async (trx) => {
    if (!(await app.stores.orders.insertRenewal(trx, renewal))) return false;
    await paymentEvent(app, trx, renewal, plan, 'succeeded', now);
    return true;
  });
  if (!inserted) return 'unchanged';
  const planEnded = order.status !== 'paid' || order.ended_at !== null;
  const details = {
    via,
    renewalOf: order.id,
    invoiceId: invoice.invoiceId,
    amountCents: renewal.amount_cents,
    currency: renewal.currency.toUpperCase(),
    paidAt: renewal.paid_at,
    ...(planEnded ? { reason: 'renewal paid after the plan ended' } : {}),
  };
  await auditOrder(app, renewal, 'create_order', details, planEnded ? 'warning' : 'info');
  return planEnded ? 'renewal_recorded_plan_ended' : 'renewal_recorded';
}
