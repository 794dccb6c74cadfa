import crypto from 'node:crypto';

/**
 * Stripe API objects as Stripe documents them (API reference: Checkout Session, Subscription,
 * Charge, Invoice, Event), reduced to the fields a Stripe integration reads, with their real
 * names, types and nullability.
 */

type Json = Record<string, unknown>;

export const stripeId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;
export const unixNow = () => Math.floor(Date.now() / 1000);

export interface SessionParams {
  mode?: string;
  client_reference_id?: string;
  customer_email?: string;
  success_url?: string;
  cancel_url?: string;
  metadata?: Record<string, string>;
  subscription_data?: { metadata?: Record<string, string> };
  line_items?: Array<{ quantity?: string; price_data?: { currency?: string; unit_amount?: string; recurring?: { interval?: string } } }>;
}

export interface CheckoutSession extends Json {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  url: string | null;
  customer: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  success_url: string | null;
  cancel_url: string | null;
}

export function checkoutSession(id: string, params: SessionParams, url: string | null): CheckoutSession {
  const items = params.line_items ?? [];
  const amount = items.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
  const created = unixNow();
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    created,
    currency: items[0]?.price_data?.currency ?? 'eur',
    customer: null,
    customer_email: params.customer_email ?? null,
    expires_at: created + 24 * 3600,
    invoice: null,
    livemode: false,
    metadata: params.metadata ?? {},
    mode: params.mode ?? 'payment',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: params.success_url ?? null,
    url,
  };
}

export const subscription = (id: string, customer: string, metadata: Record<string, string>, status: string) => ({
  id,
  object: 'subscription',
  cancel_at_period_end: false,
  canceled_at: status === 'canceled' ? unixNow() : null,
  created: unixNow(),
  currency: 'eur',
  customer,
  livemode: false,
  metadata,
  status,
});

export const charge = (customer: string, amount: number, refunded: boolean, metadata: Record<string, string> = {}) => ({
  id: stripeId('ch'),
  object: 'charge',
  amount,
  amount_captured: amount,
  amount_refunded: refunded ? amount : Math.floor(amount / 2),
  captured: true,
  created: unixNow(),
  currency: 'eur',
  customer,
  livemode: false,
  metadata,
  paid: true,
  payment_intent: stripeId('pi'),
  refunded,
  status: 'succeeded',
});

export interface InvoiceParams {
  customer: string;
  subscription: string;
  /** The subscription's metadata, which the invoice keeps a snapshot of. */
  metadata: Record<string, string>;
  amount: number;
  billingReason: 'subscription_create' | 'subscription_cycle';
  /** Paid at this Unix time; unpaid (an open invoice whose charge failed) when null. */
  paidAt: number | null;
}

/** An invoice of a subscription, as API versions from 2025-03-31 shape it (the subscription under `parent`). */
export function invoice(params: InvoiceParams) {
  const created = params.paidAt ?? unixNow();
  const paid = params.paidAt !== null;
  return {
    id: stripeId('in'),
    object: 'invoice',
    amount_due: params.amount,
    amount_paid: paid ? params.amount : 0,
    amount_remaining: paid ? 0 : params.amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: params.billingReason,
    collection_method: 'charge_automatically',
    created,
    currency: 'eur',
    customer: params.customer,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: params.metadata, subscription: params.subscription },
    },
    period_end: created,
    period_start: created - 30 * 24 * 3600,
    status: paid ? 'paid' : 'open',
    status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: params.paidAt, voided_at: null },
    subtotal: params.amount,
    total: params.amount,
  };
}

/**
 * The same invoice as API versions before 2025-03-31 shape it: `subscription` and
 * `subscription_details` at the top level, no `parent`. Events arrive in the version of the
 * account or endpoint, so a webhook may still receive this shape.
 */
export function legacyInvoice(current: ReturnType<typeof invoice>) {
  const { parent, ...rest } = structuredClone(current);
  const { subscription, metadata } = parent.subscription_details;
  return { ...rest, subscription, subscription_details: { metadata } };
}

export const event = (type: string, object: unknown, apiVersion: string) => ({
  id: stripeId('evt'),
  object: 'event',
  api_version: apiVersion,
  created: unixNow(),
  data: { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
});

export const apiError = (type: string, message: string, extra: Json = {}) => ({ error: { type, message, ...extra } });

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects and arrays. */
export function parseForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return toArrays(root) as Json;
}

function toArrays(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Json).map(([k, v]) => [k, toArrays(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)))
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}
