import Stripe from 'stripe';
import type { StripeConfig } from '../config/config';
import {
  InvalidSignatureError,
  PaymentProviderError,
  type CheckoutRequest,
  type CheckoutState,
  type PaidInvoice,
  type PaymentEvent,
  type PaymentProvider,
} from './types';

type Expandable = string | { id: string } | null | undefined;
const idOf = (value: Expandable): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

const oneOf = <T extends string>(value: string | null, known: readonly T[]): T | null => (known.includes(value as T) ? (value as T) : null);

function checkoutState(session: Stripe.Checkout.Session): CheckoutState {
  return {
    sessionId: session.id,
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    // Stripe may add values; anything unknown counts as not finished and not paid.
    status: oneOf(session.status, ['complete', 'expired'] as const) ?? 'open',
    paymentStatus: oneOf(session.payment_status, ['paid', 'no_payment_required'] as const) ?? 'unpaid',
    subscriptionId: idOf(session.subscription),
    customerId: idOf(session.customer),
    amountTotal: session.amount_total,
    currency: session.currency,
  };
}

/** How invoices looked before API version 2025-03-31 moved these fields under `parent`. */
interface LegacyInvoice {
  subscription?: Expandable;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
}

/** The subscription an invoice bills: `parent.subscription_details` now, `subscription` on older API versions. */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const current = idOf(invoice.parent?.subscription_details?.subscription);
  return current ?? idOf((invoice as LegacyInvoice).subscription);
}

const INVOICE_REASONS: Partial<Record<string, PaidInvoice['reason']>> = {
  subscription_create: 'first',
  subscription_cycle: 'renewal',
};

function paidInvoice(invoice: Stripe.Invoice): PaidInvoice {
  // The subscription's metadata as it was when the invoice was finalised: it carries our order id.
  const metadata = invoice.parent?.subscription_details?.metadata ?? (invoice as LegacyInvoice).subscription_details?.metadata;
  const paidAt = invoice.status_transitions?.paid_at;
  return {
    invoiceId: invoice.id,
    reason: INVOICE_REASONS[invoice.billing_reason ?? ''] ?? 'other',
    subscriptionId: invoiceSubscription(invoice),
    customerId: idOf(invoice.customer),
    orderId: metadata?.orderId ?? null,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    paidAt: paidAt ? new Date(paidAt * 1000).toISOString() : null,
  };
}

const CHECKOUT_KINDS = {
  'checkout.session.completed': 'checkout_completed',
  'checkout.session.async_payment_succeeded': 'checkout_payment_succeeded',
  'checkout.session.async_payment_failed': 'checkout_payment_failed',
  'checkout.session.expired': 'checkout_expired',
} as const;

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, providerType: event.type };
  if (event.type in CHECKOUT_KINDS) {
    const kind = CHECKOUT_KINDS[event.type as keyof typeof CHECKOUT_KINDS];
    return { ...base, kind, checkout: checkoutState(event.data.object as Stripe.Checkout.Session) };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    return {
      ...base,
      kind: 'charge_refunded',
      orderId: charge.metadata?.orderId ?? null,
      customerId: idOf(charge.customer),
      fullyRefunded: charge.refunded,
    };
  }
  if (event.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    return { ...base, kind: 'invoice_payment_failed', subscriptionId: invoiceSubscription(invoice), customerId: idOf(invoice.customer) };
  }
  if (event.type === 'invoice.paid') return { ...base, kind: 'invoice_paid', invoice: paidInvoice(event.data.object) };
  if (event.type === 'customer.subscription.deleted') {
    const subscription = event.data.object;
    return {
      ...base,
      kind: 'subscription_ended',
      subscriptionId: subscription.id,
      orderId: subscription.metadata?.orderId ?? null,
      customerId: idOf(subscription.customer),
    };
  }
  return { ...base, kind: 'ignored' };
}

/** Stripe's own errors carry request details; only the type and message travel on. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { type?: string; message?: string };
    throw new PaymentProviderError(`Stripe ${what} failed: ${e.type ?? 'error'}: ${e.message ?? String(error)}`);
  }
}

/** Card payments as monthly subscriptions through Stripe Checkout. */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const url = config.apiUrl;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  return {
    async createCheckout(request: CheckoutRequest) {
      const metadata = { orderId: request.orderId, planCode: request.plan.code };
      const session = await call('checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            client_reference_id: request.orderId,
            customer_email: request.email,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency,
                  unit_amount: request.plan.priceCents,
                  recurring: { interval: 'month' },
                  product_data: {
                    name: `Cairn ${request.plan.name}`,
                    ...(request.plan.description ? { description: request.plan.description } : {}),
                  },
                },
              },
            ],
            metadata,
            subscription_data: { metadata },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `checkout-${request.orderId}` },
        ),
      );
      return { sessionId: session.id, url: session.url };
    },

    async getCheckout(sessionId) {
      return checkoutState(await call('session lookup', () => stripe.checkout.sessions.retrieve(sessionId)));
    },

    async expireCheckout(sessionId) {
      await call('session expiry', () => stripe.checkout.sessions.expire(sessionId));
    },

    async cancelSubscription(subscriptionId) {
      await call('subscription cancel', () => stripe.subscriptions.cancel(subscriptionId));
    },

    parseEvent(payload, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, config.webhookSecret);
      } catch (error) {
        throw new InvalidSignatureError((error as Error).message);
      }
      return toPaymentEvent(event);
    },
  };
}
