import { describe, expect, it } from 'vitest';
import { buyPlan, logsOf, orderRow, startCheckout, userRow } from '../../../test/billing';
import { createUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { event as stripeEvent, legacyInvoice, unixNow } from '../../../test/stripe-objects';
import { billingSuite, withAdmin } from '../../../test/suites';

const DAY_S = 24 * 3600;
const cents = (eur: number) => Math.round(eur * 100);

describe.each(DRIVERS)('subscription renewals through POST /api/v2/payments/webhook (%s)', (driver) => {
  const suite = withAdmin(billingSuite(driver));

  const ordersOf = (userId: string) =>
    suite.server.app.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const renewalsOf = (orderId: string) => suite.server.app.db.selectFrom('orders').selectAll().where('renewal_of', '=', orderId).execute();
  const stats = async () => {
    const res = await suite.server.api.get('/api/v2/admin/stats', { token: suite.admin.token });
    expect(res.status).toBe(200);
    return res.body as { income: Record<string, number>; daily: { date: string; incomeEur: number }[] };
  };
  /** Income gained between two stats readings, in cents per period. */
  const gained = (before: Awaited<ReturnType<typeof stats>>, after: Awaited<ReturnType<typeof stats>>) =>
    Object.fromEntries(Object.keys(after.income).map((period) => [period, cents(after.income[period]!) - cents(before.income[period]!)]));
  const outcomes = async (orderId: string) =>
    (await logsOf(suite.billing, 'process_webhook', orderId)).map((log) => JSON.parse(log.details!).outcome as string);

  it('records each renewal as a paid order of the same buyer, plan and subscription, once per invoice, counted as income', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await buyPlan(suite.billing, user, 'pro');
    const checkout = await orderRow(suite.billing, transactionId);
    const before = await stats();

    // The first invoice is the checkout's own payment: linked to its order, not counted again.
    const first = suite.billing.stripe.paidInvoice(sessionId, { billingReason: 'subscription_create' });
    expect((await suite.billing.stripe.sendEvent('invoice.paid', first)).status).toBe(200);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect((await orderRow(suite.billing, transactionId)).stripe_invoice_id).toBe(first.id);
    expect(gained(before, await stats()).all).toBe(0);

    // A month later: paid two days ago, at a new price.
    const paidAt = unixNow() - 2 * DAY_S;
    const delivery = await suite.billing.stripe.renew(sessionId, { paidAt, amount: 1299 });
    expect([delivery.status, delivery.body]).toEqual([200, { received: true }]);
    const invoice = delivery.event.data.object as { id: string };
    const [renewal, ...others] = await renewalsOf(transactionId);
    expect(others).toHaveLength(0);
    expect(renewal).toMatchObject({
      user_id: user.id,
      plan_code: 'pro',
      amount_cents: 1299,
      currency: 'eur',
      method: 'card',
      status: 'paid',
      stripe_session_id: null,
      stripe_subscription_id: checkout.stripe_subscription_id,
      stripe_customer_id: checkout.stripe_customer_id,
      stripe_invoice_id: invoice.id,
      renewal_of: transactionId,
      paid_at: new Date(paidAt * 1000).toISOString(),
      applied_at: null,
      ended_at: null,
    });
    const [created] = await logsOf(suite.billing, 'create_order', renewal!.id);
    expect(created).toMatchObject({ type: 'info', user_id: user.id, user_email: user.email });
    expect(JSON.parse(created!.details!)).toMatchObject({ renewalOf: transactionId, invoiceId: invoice.id, amountCents: 1299 });

    // Redelivered, or reported again under a new event id: still one order.
    expect((await suite.billing.stripe.deliver(delivery.event)).status).toBe(200);
    expect((await suite.billing.stripe.sendEvent('invoice.paid', invoice)).status).toBe(200);
    expect(await renewalsOf(transactionId)).toHaveLength(1);
    expect((await outcomes(transactionId)).sort()).toEqual(['first_invoice_linked', 'paid', 'renewal_recorded', 'unchanged']);

    // The renewal is income of its own day and periods; the plan it pays for stays as it was.
    const after = await stats();
    expect(gained(before, after)).toEqual({
      '24h': 0,
      '7d': 1299,
      '15d': 1299,
      '30d': 1299,
      '3m': 1299,
      '6m': 1299,
      '1y': 1299,
      all: 1299,
    });
    const day = new Date(paidAt * 1000).toISOString().slice(0, 10);
    const incomeOn = (s: typeof after) => cents(s.daily.find((d) => d.date === day)!.incomeEur);
    expect(incomeOn(after) - incomeOn(before)).toBe(1299);
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('pro');
    expect(await orderRow(suite.billing, transactionId)).toMatchObject({ status: 'paid', ended_at: null, amount_cents: 999 });

    // The next month counts again.
    await suite.billing.stripe.renew(sessionId);
    expect(await renewalsOf(transactionId)).toHaveLength(2);
    expect(gained(after, await stats())['24h']).toBe(999);
  });

  it('links a first invoice that arrives before its checkout is settled, by the order id the subscription carries', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await startCheckout(suite.billing, user, 'business');
    await suite.billing.stripe.pay(sessionId, { send: false });
    const before = await stats();
    const first = suite.billing.stripe.paidInvoice(sessionId, { billingReason: 'subscription_create' });
    await suite.billing.stripe.sendEvent('invoice.paid', first);
    expect(await orderRow(suite.billing, transactionId)).toMatchObject({ status: 'pending', stripe_invoice_id: first.id });

    await suite.billing.stripe.sendEvent('checkout.session.completed', suite.billing.stripe.sessions.get(sessionId));
    expect((await orderRow(suite.billing, transactionId)).status).toBe('paid');
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(gained(before, await stats()).all).toBe(4999);
  });

  it('records a renewal paid after the plan ended as income, without giving the plan back', async () => {
    const user = await createUser(suite.server);
    const pro = await buyPlan(suite.billing, user, 'pro');
    await buyPlan(suite.billing, user, 'business');
    await suite.billing.stripe.settled();
    expect((await orderRow(suite.billing, pro.transactionId)).ended_at).not.toBeNull();

    // Stripe had already charged the old subscription's new month.
    const before = await stats();
    expect((await suite.billing.stripe.renew(pro.sessionId)).status).toBe(200);
    const [renewal] = await renewalsOf(pro.transactionId);
    expect(renewal).toMatchObject({ status: 'paid', plan_code: 'pro', amount_cents: 999, applied_at: null });
    expect(gained(before, await stats()).all).toBe(999);
    expect((await logsOf(suite.billing, 'create_order', renewal!.id))[0]).toMatchObject({ type: 'warning' });
    expect(await outcomes(pro.transactionId)).toContain('renewal_recorded_plan_ended');

    // Looking the renewal up does not apply it either.
    const res = await suite.server.api.get(`/api/v2/payments/${renewal!.id}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transactionId: renewal!.id, status: 'paid', planCode: 'pro', amountEur: 9.99, applied: false });
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('business');
    expect(await logsOf(suite.billing, 'change_plan', renewal!.id)).toHaveLength(0);
  });

  it('still ends the plan by its checkout order once the subscription has renewals', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await buyPlan(suite.billing, user, 'pro');
    await suite.billing.stripe.renew(sessionId);
    await suite.billing.stripe.sendEvent('invoice.payment_failed', suite.billing.stripe.failedInvoice(sessionId));
    expect(await outcomes(transactionId)).toContain('renewal_failed');

    const subscriptionId = suite.billing.stripe.sessions.get(sessionId)!.subscription!;
    await suite.billing.stripe.sendEvent('customer.subscription.deleted', suite.billing.stripe.subscriptions.get(subscriptionId));
    expect((await orderRow(suite.billing, transactionId)).ended_at).not.toBeNull();
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
    // The months paid stay income.
    expect((await renewalsOf(transactionId)).map((order) => order.status)).toEqual(['paid']);
  });

  it('reads invoices shaped by API versions before 2025-03-31, and acknowledges invoices of unknown subscriptions', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await buyPlan(suite.billing, user, 'pro');
    const legacy = legacyInvoice(suite.billing.stripe.paidInvoice(sessionId));
    expect(legacy).not.toHaveProperty('parent');
    expect((await suite.billing.stripe.deliver(stripeEvent('invoice.paid', legacy, '2024-06-20'))).status).toBe(200);
    expect(await renewalsOf(transactionId)).toMatchObject([{ stripe_invoice_id: legacy.id, stripe_subscription_id: legacy.subscription }]);

    const stranger = { ...suite.billing.stripe.paidInvoice(sessionId), parent: null, id: 'in_test_stranger' };
    const unknown = await suite.billing.stripe.sendEvent('invoice.paid', stranger);
    expect(unknown.status).toBe(200);
    const logs = await suite.server.app.db
      .selectFrom('logs')
      .select(['details', 'type'])
      .where('details', 'like', `%${unknown.event.id}%`)
      .execute();
    expect(logs).toEqual([{ type: 'warning', details: expect.stringContaining('order_not_found') }]);
    expect(await suite.server.app.db.selectFrom('orders').select('id').where('stripe_invoice_id', '=', stranger.id).execute()).toEqual([]);
  });
});
