import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeConfig } from '../src/config/config';
import {
  apiError,
  charge,
  checkoutSession,
  event as stripeEvent,
  invoice,
  parseForm,
  stripeId,
  subscription,
  unixNow,
  type CheckoutSession,
  type InvoiceParams,
  type SessionParams,
} from './stripe-objects';

/**
 * A local stand-in for Stripe, for tests and browser tests: the real Stripe SDK in Cairn talks to
 * it (STRIPE_API_URL), it answers the API calls Cairn makes with Stripe's documented object
 * shapes, serves a hosted checkout page at each session's `url` (Pay / Cancel), and sends events
 * to Cairn's webhook signed exactly as Stripe signs them.
 *
 *   POST /v1/checkout/sessions               create (form-encoded, Idempotency-Key honoured)
 *   GET  /v1/checkout/sessions/{id}          retrieve
 *   POST /v1/checkout/sessions/{id}/expire   expire an open session (sends checkout.session.expired)
 *   DELETE /v1/subscriptions/{id}            cancel (sends customer.subscription.deleted)
 *   GET  /checkout/{id}                      the hosted page; POST …/pay and …/cancel are its buttons
 *
 * Time does not pass here: `renew` plays a subscription's next month (its invoice paid).
 */
export interface StripeStandin {
  url: string;
  /** Cairn's Stripe configuration pointing at this stand-in. */
  config: StripeConfig;
  /** Cairn's webhook URL, where events are delivered; set it once Cairn listens. */
  webhookUrl: string | null;
  sessions: Map<string, CheckoutSession>;
  subscriptions: Map<string, ReturnType<typeof subscription>>;
  /** Every API call Cairn made, as `METHOD /path`. */
  calls: string[];
  /** How the next session create answers: normally, without a url, with an unsafe url, or with an API error. */
  nextCheckout: 'normal' | 'no_url' | 'unsafe_url' | 'error';
  /** While true every API call fails with 500 (Stripe unreachable). */
  down: boolean;
  /** Pays a session as the hosted page's Pay button does; sends checkout.session.completed unless `send: false`. */
  pay(sessionId: string, options?: { paymentStatus?: 'paid' | 'unpaid'; send?: boolean }): Promise<Delivery | null>;
  /** Sends a signed event about `object` to the webhook. */
  sendEvent(type: string, object: unknown): Promise<Delivery>;
  /** Sends an event as given (a replay), signed with `secret` (default: the right one). */
  deliver(event: ReturnType<typeof stripeEvent>, secret?: string): Promise<Delivery>;
  /** A charge of the session's subscription, as `charge.refunded` carries it. */
  refundCharge(sessionId: string, full?: boolean): ReturnType<typeof charge>;
  /** A failed renewal invoice of the session's subscription. */
  failedInvoice(sessionId: string): ReturnType<typeof invoice>;
  /**
   * A paid invoice of the session's subscription, as `invoice.paid` carries it: the first one
   * (`subscription_create`, paid through the checkout) or a renewal (`subscription_cycle`, the
   * default). Paid now, for the checkout's amount, unless told otherwise.
   */
  paidInvoice(sessionId: string, options?: PaidInvoiceOptions): ReturnType<typeof invoice>;
  /** Charges the session's subscription for a new period, as Stripe does each month: sends `invoice.paid`. */
  renew(sessionId: string, options?: Omit<PaidInvoiceOptions, 'billingReason'>): Promise<Delivery>;
  /** Delivers, in order, the events the stand-in sends by itself (after expire and cancel), and waits for them. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface PaidInvoiceOptions {
  billingReason?: 'subscription_create' | 'subscription_cycle';
  amount?: number;
  /** Unix seconds. */
  paidAt?: number;
}

export interface Delivery {
  event: ReturnType<typeof stripeEvent>;
  status: number;
  body: unknown;
}

const SECRET_KEY = 'sk_test_cairnstandin';
const WEBHOOK_SECRET = 'whsec_cairnstandin';

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
  res.end(JSON.stringify(body));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hostedPage(session: CheckoutSession): string {
  const amount = (session.amount_total / 100).toFixed(2);
  const open = session.status === 'open';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body>
<main><h1>Pay ${amount} ${escapeHtml(session.currency.toUpperCase())} per month</h1>
${
  open
    ? `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${session.id}/cancel"><button type="submit">Cancel</button></form>`
    : `<p>This checkout is ${escapeHtml(session.status)}.</p>`
}</main></body></html>`;
}

export async function startStripeStandin(): Promise<StripeStandin> {
  const signer = new Stripe(SECRET_KEY);
  const idempotent = new Map<string, CheckoutSession>();
  // Events Stripe sends by itself after an API call. They are held until `settled()`: Stripe sends
  // them at a time of its own, so a test decides when they land instead of racing the caller.
  const queued: Array<{ type: string; object: unknown }> = [];

  const standin: StripeStandin = {
    url: '',
    config: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: null },
    webhookUrl: null,
    sessions: new Map(),
    subscriptions: new Map(),
    calls: [],
    nextCheckout: 'normal',
    down: false,

    async pay(sessionId, options = {}) {
      const session = standin.sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      const customer = stripeId('cus');
      const sub = subscription(stripeId('sub'), customer, session.metadata, options.paymentStatus === 'unpaid' ? 'incomplete' : 'active');
      standin.subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: options.paymentStatus ?? 'paid', customer, subscription: sub.id });
      return options.send === false ? null : standin.sendEvent('checkout.session.completed', session);
    },

    sendEvent(type, object) {
      return standin.deliver(stripeEvent(type, structuredClone(object), Stripe.API_VERSION));
    },

    async deliver(event, secret = WEBHOOK_SECRET) {
      if (!standin.webhookUrl) throw new Error('set webhookUrl first');
      const payload = JSON.stringify(event, null, 2);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
      const res = await fetch(standin.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0' },
        body: payload,
      });
      const text = await res.text();
      return { event, status: res.status, body: text ? JSON.parse(text) : null };
    },

    refundCharge(sessionId, full = true) {
      const session = standin.sessions.get(sessionId)!;
      return charge(session.customer!, session.amount_total, full);
    },

    failedInvoice(sessionId) {
      return invoiceOf(sessionId, { billingReason: 'subscription_cycle', paidAt: null });
    },

    paidInvoice(sessionId, options = {}) {
      return invoiceOf(sessionId, {
        billingReason: options.billingReason ?? 'subscription_cycle',
        paidAt: options.paidAt ?? unixNow(),
        ...(options.amount === undefined ? {} : { amount: options.amount }),
      });
    },

    renew(sessionId, options = {}) {
      return standin.sendEvent('invoice.paid', standin.paidInvoice(sessionId, { ...options, billingReason: 'subscription_cycle' }));
    },

    async settled() {
      for (let next = queued.shift(); next; next = queued.shift()) await standin.sendEvent(next.type, next.object);
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  /** An invoice of a paid session's subscription, carrying the subscription's metadata as Stripe does. */
  const invoiceOf = (sessionId: string, params: Pick<InvoiceParams, 'billingReason' | 'paidAt'> & { amount?: number }) => {
    const session = standin.sessions.get(sessionId);
    const sub = session?.subscription ? standin.subscriptions.get(session.subscription) : undefined;
    if (!session || !sub) throw new Error(`session ${sessionId} has no subscription`);
    return invoice({ customer: sub.customer, subscription: sub.id, metadata: sub.metadata, amount: session.amount_total, ...params });
  };

  const later = (type: string, object: unknown) => {
    if (standin.webhookUrl) queued.push({ type, object: structuredClone(object) });
  };

  async function api(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
    standin.calls.push(`${req.method} ${path}`);
    if (standin.down) return send(res, 500, apiError('api_error', 'Stripe is having a bad day'));
    if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      return send(res, 401, apiError('invalid_request_error', 'Invalid API Key provided: sk_test_****'));
    }
    const params = parseForm(await readBody(req));
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (replay) return send(res, 200, replay);
      const behaviour = standin.nextCheckout;
      standin.nextCheckout = 'normal';
      if (behaviour === 'error') return send(res, 400, apiError('invalid_request_error', 'Invalid currency: xyz', { param: 'currency' }));
      const id = stripeId('cs');
      const url = behaviour === 'no_url' ? null : behaviour === 'unsafe_url' ? 'javascript:alert(1)' : `${standin.url}/checkout/${id}`;
      const session = checkoutSession(id, params as SessionParams, url);
      standin.sessions.set(id, session);
      if (typeof key === 'string') idempotent.set(key, session);
      return send(res, 200, session);
    }
    if (sessionMatch) {
      const session = standin.sessions.get(sessionMatch[1]!);
      if (!session) {
        return send(
          res,
          404,
          apiError('invalid_request_error', `No such checkout.session: '${sessionMatch[1]}'`, {
            code: 'resource_missing',
            param: 'session',
          }),
        );
      }
      if (req.method === 'GET' && !sessionMatch[2]) return send(res, 200, session);
      if (req.method === 'POST' && sessionMatch[2]) {
        if (session.status !== 'open') {
          return send(res, 400, apiError('invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.'));
        }
        Object.assign(session, { status: 'expired', url: null });
        later('checkout.session.expired', session);
        return send(res, 200, session);
      }
    }
    if (subscriptionMatch && req.method === 'DELETE') {
      const sub = standin.subscriptions.get(subscriptionMatch[1]!);
      if (!sub)
        return send(
          res,
          404,
          apiError('invalid_request_error', `No such subscription: '${subscriptionMatch[1]}'`, { code: 'resource_missing' }),
        );
      Object.assign(sub, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
      later('customer.subscription.deleted', sub);
      return send(res, 200, sub);
    }
    return send(res, 404, apiError('invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`));
  }

  async function page(req: http.IncomingMessage, res: http.ServerResponse, id: string, action: string | undefined): Promise<void> {
    const session = standin.sessions.get(id);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('No such checkout');
    }
    if (req.method === 'GET' && !action) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(hostedPage(session));
    }
    if (req.method === 'POST' && action === 'pay' && session.status === 'open') {
      await standin.pay(id);
      res.writeHead(303, { location: session.success_url ?? '/' });
      return void res.end();
    }
    if (req.method === 'POST' && action === 'cancel') {
      res.writeHead(303, { location: session.cancel_url ?? '/' });
      return void res.end();
    }
    res.writeHead(409, { 'content-type': 'text/plain' });
    res.end(`This checkout is ${session.status}`);
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    const hosted = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    const handled = hosted ? page(req, res, hosted[1]!, hosted[2]) : api(req, res, path);
    handled.catch((error: unknown) => send(res, 500, apiError('api_error', String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  standin.url = `http://127.0.0.1:${port}`;
  standin.config.apiUrl = new URL(standin.url);
  return standin;
}
