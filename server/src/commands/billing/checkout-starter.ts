import type { CheckoutInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { OrderRow, PlanRow, UserRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { billingErrors } from './lib/billing-errors';
import { auditOrder } from './lib/order-audit';
import { moveOrder } from './lib/order-mover';
import { planChanger } from './plan-changer';

export type CheckoutResult =
  { status: 'changed'; plan: PlanRow } | { status: 'redirect'; url: string; transactionId: string; order: OrderRow };

/** Where the provider may send the buyer: https, or http only to a configured http stand-in. */
function isAllowedRedirect(app: AppContext, raw: string): boolean {
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && app.config.stripe?.apiUrl?.protocol === 'http:' && !app.config.production;
  } catch {
    return false;
  }
}

/**
 * Starts a plan change. A free plan applies at once (ending any paid subscription); a paid plan
 * creates a pending order and a hosted card checkout, whose URL the buyer is sent to. `origin`
 * (the request's) builds the return URLs when PUBLIC_URL is not set.
 */
export async function checkoutStarter(
  app: AppContext,
  user: UserRow,
  planCode: string,
  input: CheckoutInput,
  origin: string,
  ip: string | null,
): Promise<CheckoutResult> {
  const plan = await app.stores.plans.findByCode(planCode);
  if (!plan || !plan.active) throw billingErrors.planNotFound();
  if (plan.code === user.plan_code) throw billingErrors.planAlreadyActive();
  if (!input.acceptTerms) throw billingErrors.termsNotAccepted();
  await auditRecorder(app, {
    action: 'change_plan_request',
    user,
    ip,
    details: { from: user.plan_code, to: plan.code, method: input.method },
  });

  if (plan.price_cents === 0) return { status: 'changed', plan: await planChanger(app, user, plan, ip) };
  if (input.method === 'crypto') throw billingErrors.cryptoUnavailable();
  if (!app.payments) throw billingErrors.paymentsNotConfigured();

  const now = nowIso();
  const order: OrderRow = {
    id: newId(),
    user_id: user.id,
    plan_code: plan.code,
    amount_cents: plan.price_cents,
    currency: 'eur',
    method: 'card',
    status: 'pending',
    stripe_session_id: null,
    stripe_subscription_id: null,
    stripe_customer_id: null,
    stripe_invoice_id: null,
    renewal_of: null,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    paid_at: null,
    applied_at: null,
    ended_at: null,
  };
  await app.stores.orders.insert(order);
  await auditOrder(app, order, 'create_order', { amountCents: order.amount_cents, currency: 'EUR', method: 'card' }, 'info', ip);

  const base = app.config.publicUrl ?? origin;
  const query = `transactionId=${encodeURIComponent(order.id)}`;
  let session: { sessionId: string; url: string | null };
  try {
    session = await app.payments.createCheckout({
      orderId: order.id,
      email: user.email,
      plan: { code: plan.code, name: plan.name, description: plan.description, priceCents: plan.price_cents },
      currency: 'eur',
      successUrl: `${base}/payment/success?${query}`,
      cancelUrl: `${base}/payment/cancel?${query}`,
    });
  } catch (error) {
    app.logger.warn('checkout failed', { orderId: order.id, error: (error as Error).message });
    await moveOrder(app, order, 'error', ['pending'], { reason: 'checkout could not be created' }, { failure_reason: 'checkout failed' });
    throw billingErrors.providerFailed();
  }
  await app.stores.orders.update(order.id, { stripe_session_id: session.sessionId, updated_at: nowIso() });
  if (!session.url || !isAllowedRedirect(app, session.url)) {
    const failure = session.url ? billingErrors.invalidRedirectUrl() : billingErrors.paymentUrlMissing();
    await moveOrder(app, order, 'error', ['pending'], { reason: failure.message }, { failure_reason: failure.code });
    throw failure;
  }
  return { status: 'redirect', url: session.url, transactionId: order.id, order };
}
