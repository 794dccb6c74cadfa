import type { ServerConfig } from '../src/config/config';
import type { TestUser } from './factories';
import { startTestServer, type Driver, type TestServer } from './harness';
import { startStripeStandin, type StripeStandin } from './stripe-standin';

export interface BillingServer {
  server: TestServer;
  stripe: StripeStandin;
  close(): Promise<void>;
}

/** A Cairn test server whose Stripe is a local stand-in, its webhook wired to Cairn. */
export async function startBillingServer(driver: Driver, config: Partial<ServerConfig> = {}): Promise<BillingServer> {
  const stripe = await startStripeStandin();
  const server = await startTestServer({ driver, config: { stripe: stripe.config, ...config } });
  stripe.webhookUrl = `${server.url}/api/v2/payments/webhook`;
  return {
    server,
    stripe,
    async close() {
      await stripe.settled();
      await server.close();
      await stripe.close();
    },
  };
}

/** Starts a card checkout for `planCode`; the order id and the stand-in's session id. */
export async function startCheckout(billing: BillingServer, user: TestUser, planCode: string) {
  const res = await billing.server.api.post(
    `/api/v2/plans/${planCode}/checkout`,
    { method: 'card', acceptTerms: true },
    { token: user.token },
  );
  if (res.status !== 200 || res.body.status !== 'redirect') throw new Error(`checkout failed: ${res.status} ${res.text}`);
  const sessionId = new URL(res.body.url as string).pathname.split('/').pop()!;
  return { transactionId: res.body.transactionId as string, sessionId, url: res.body.url as string };
}

/** Buys a plan end to end: checkout, then paid on the stand-in, which sends the signed webhook. */
export async function buyPlan(billing: BillingServer, user: TestUser, planCode: string) {
  const checkout = await startCheckout(billing, user, planCode);
  const delivery = await billing.stripe.pay(checkout.sessionId);
  if (delivery?.status !== 200) throw new Error(`webhook failed: ${delivery?.status} ${JSON.stringify(delivery?.body)}`);
  return checkout;
}

export const orderRow = (billing: BillingServer, id: string) =>
  billing.server.app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const userRow = (billing: BillingServer, id: string) =>
  billing.server.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const logsOf = (billing: BillingServer, action: string, orderId?: string) =>
  billing.server.app.db
    .selectFrom('logs')
    .selectAll()
    .where('action', '=', action)
    .$if(orderId !== undefined, (q) => q.where('details', 'like', `%${orderId}%`))
    .execute();
