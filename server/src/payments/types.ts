/**
 * What Cairn needs from a card payment provider, in Cairn's terms. The Stripe engine implements
 * it; commands never see provider objects, so another provider would only add an engine.
 */
export interface PaymentProvider {
  /** Opens a hosted checkout for a monthly subscription to `plan`; `url` is where the user pays. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string | null }>;
  /** The checkout as the provider sees it now. */
  getCheckout(sessionId: string): Promise<CheckoutState>;
  /** Closes an open checkout so that it can no longer be paid. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Ends a subscription at once (no further charges). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Verifies a webhook's signature over the exact bytes received; throws InvalidSignatureError. */
  parseEvent(payload: Buffer, signature: string): PaymentEvent;
}

export interface CheckoutRequest {
  orderId: string;
  email: string;
  plan: { code: string; name: string; description: string; priceCents: number };
  currency: 'eur';
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutState {
  sessionId: string;
  /** The order the checkout was opened for, as we told the provider. */
  orderId: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  subscriptionId: string | null;
  customerId: string | null;
  amountTotal: number | null;
  currency: string | null;
}

/** A paid invoice of one of our subscriptions. */
export interface PaidInvoice {
  invoiceId: string;
  /** The subscription's first invoice (paid through its checkout), a renewal, or anything else. */
  reason: 'first' | 'renewal' | 'other';
  subscriptionId: string | null;
  customerId: string | null;
  /** The order the subscription was bought by, as we told the provider at checkout. */
  orderId: string | null;
  /** In the currency's smallest unit (cents). */
  amountPaid: number;
  currency: string;
  /** When it was paid (ISO), if the provider says. */
  paidAt: string | null;
}

interface EventBase {
  id: string;
  /** The provider's own event type, for the audit log. */
  providerType: string;
}

export type PaymentEvent = EventBase &
  (
    | {
        kind: 'checkout_completed' | 'checkout_payment_succeeded' | 'checkout_payment_failed' | 'checkout_expired';
        checkout: CheckoutState;
      }
    | { kind: 'charge_refunded'; orderId: string | null; customerId: string | null; fullyRefunded: boolean }
    | { kind: 'invoice_payment_failed'; subscriptionId: string | null; customerId: string | null }
    | { kind: 'invoice_paid'; invoice: PaidInvoice }
    | { kind: 'subscription_ended'; subscriptionId: string; orderId: string | null; customerId: string | null }
    | { kind: 'ignored' }
  );

export class InvalidSignatureError extends Error {}

/** The provider could not be reached or refused a call; the message never holds a key. */
export class PaymentProviderError extends Error {}
