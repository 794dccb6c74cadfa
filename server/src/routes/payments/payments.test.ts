import { describe, expect, it } from 'vitest';
import { buyPlan, logsOf, orderRow, startCheckout, userRow } from '../../../test/billing';
import { createUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { billingSuite } from '../../../test/suites';

describe.each(DRIVERS)('/api/v2/payments (%s)', (driver) => {
  const suite = billingSuite(driver);

  const payment = (token: string, id: string) => suite.server.api.get(`/api/v2/payments/${id}`, { token });

  it('pays on the hosted page: the webhook applies the plan and the buyer lands on the success page', async () => {
    const user = await createUser(suite.server);
    const { transactionId, url } = await startCheckout(suite.billing, user, 'pro');
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay 9.99 EUR per month');

    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${suite.server.url}/payment/success?transactionId=${transactionId}`);
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('pro');

    const res = await payment(user.token, transactionId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      transactionId,
      status: 'paid',
      planCode: 'pro',
      amountEur: 9.99,
      currency: 'EUR',
      applied: true,
      endedAt: null,
      plan: { code: 'pro', storageLimitBytes: 100 * 1024 ** 3 },
    });
    expect(res.body.paidAt).not.toBeNull();
    const usage = await suite.server.api.get('/api/v2/users/me/usage', { token: user.token });
    expect(usage.body).toMatchObject({ planCode: 'pro', planLimit: 100 * 1024 ** 3, limit: 100 * 1024 ** 3 });
    expect(await logsOf(suite.billing, 'process_webhook', transactionId)).toHaveLength(1);
    expect(await logsOf(suite.billing, 'change_plan', transactionId)).toHaveLength(1);
  });

  it('verifies a payment whose webhook has not arrived, applying the plan once under concurrent calls', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await startCheckout(suite.billing, user, 'business');
    const pending = await payment(user.token, transactionId);
    expect(pending.body).toMatchObject({ status: 'pending', applied: false, paidAt: null });

    await suite.billing.stripe.pay(sessionId, { send: false });
    const answers = await Promise.all(Array.from({ length: 6 }, () => payment(user.token, transactionId)));
    for (const answer of answers) expect(answer.body).toMatchObject({ status: 'paid', applied: true });
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('business');
    expect(await logsOf(suite.billing, 'change_plan', transactionId)).toHaveLength(1);

    // The webhook arriving late changes nothing more.
    const late = await suite.billing.stripe.sendEvent('checkout.session.completed', suite.billing.stripe.sessions.get(sessionId));
    expect(late.status).toBe(200);
    expect(await logsOf(suite.billing, 'change_plan', transactionId)).toHaveLength(1);
    const order = await orderRow(suite.billing, transactionId);
    expect(order.stripe_subscription_id).toBe(suite.billing.stripe.sessions.get(sessionId)!.subscription);
  });

  it("answers 404 invalid_transaction for someone else's order or a made-up id", async () => {
    const owner = await createUser(suite.server);
    const other = await createUser(suite.server);
    const { transactionId } = await startCheckout(suite.billing, owner, 'pro');
    for (const id of [transactionId, '7d9f1c2e-3b4a-4c5d-8e6f-0a1b2c3d4e5f', 'nope']) {
      const res = await payment(other.token, id);
      expect([res.status, res.body]).toEqual([404, { error: 'Invalid transaction ID', code: 'invalid_transaction' }]);
      expect((await suite.server.api.post(`/api/v2/payments/${id}/cancel`, undefined, { token: other.token })).status).toBe(404);
    }
    expect((await payment(other.token, 'x'.repeat(101))).status).toBe(400);
    expect((await orderRow(suite.billing, transactionId)).status).toBe('pending');
  });

  it('cancels a pending payment: the order becomes cancel and the checkout is closed at Stripe', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId, url } = await startCheckout(suite.billing, user, 'pro');
    const left = await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(left.headers.get('location')).toBe(`${suite.server.url}/payment/cancel?transactionId=${transactionId}`);

    const res = await suite.server.api.post(`/api/v2/payments/${transactionId}/cancel`, undefined, { token: user.token });
    expect(res.body).toMatchObject({ status: 'cancel', applied: false });
    expect(suite.billing.stripe.sessions.get(sessionId)!.status).toBe('expired');
    await suite.billing.stripe.settled();
    expect((await orderRow(suite.billing, transactionId)).status).toBe('cancel');
    expect(await logsOf(suite.billing, 'order_cancel', transactionId)).toHaveLength(1);
    const again = await suite.server.api.post(`/api/v2/payments/${transactionId}/cancel`, undefined, { token: user.token });
    expect(again.body.status).toBe('cancel');
    expect(await logsOf(suite.billing, 'order_cancel', transactionId)).toHaveLength(1);
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
  });

  it('settles a checkout as paid when it was paid before the buyer cancelled', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await startCheckout(suite.billing, user, 'pro');
    await suite.billing.stripe.pay(sessionId, { send: false });
    const res = await suite.server.api.post(`/api/v2/payments/${transactionId}/cancel`, undefined, { token: user.token });
    expect(res.body).toMatchObject({ status: 'paid', applied: true });
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('pro');
  });

  it('reports when Stripe cannot be asked', async () => {
    const user = await createUser(suite.server);
    const { transactionId } = await startCheckout(suite.billing, user, 'pro');
    suite.billing.stripe.down = true;
    try {
      const res = await payment(user.token, transactionId);
      expect([res.status, res.body]).toEqual([502, { error: 'Error verifying payment status', code: 'payment_verification_failed' }]);
    } finally {
      suite.billing.stripe.down = false;
    }
    expect((await orderRow(suite.billing, transactionId)).status).toBe('pending');
  });
});

describe.each(DRIVERS)('POST /api/v2/payments/webhook (%s)', (driver) => {
  const suite = billingSuite(driver);

  const status = async (id: string) => (await orderRow(suite.billing, id)).status;

  it('refuses a wrong, missing or stale signature and changes nothing', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await startCheckout(suite.billing, user, 'pro');
    await suite.billing.stripe.pay(sessionId, { send: false });
    const session = suite.billing.stripe.sessions.get(sessionId);
    const forged = await suite.billing.stripe.deliver(
      {
        id: 'evt_forged',
        object: 'event',
        api_version: null as never,
        created: 0,
        data: { object: session },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'checkout.session.completed',
      },
      'whsec_somebodyelse',
    );
    expect([forged.status, forged.body]).toEqual([400, { error: 'Invalid webhook signature', code: 'invalid_signature' }]);

    const body = JSON.stringify({ id: 'evt_unsigned', type: 'checkout.session.completed', data: { object: session } });
    const unsigned = await suite.server.api.request('POST', '/api/v2/payments/webhook', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect([unsigned.status, unsigned.body.code]).toEqual([400, 'invalid_signature']);
    const stale = await suite.server.api.request('POST', '/api/v2/payments/webhook', {
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=1000,v1=${'0'.repeat(64)}` },
    });
    expect([stale.status, stale.body.code]).toEqual([400, 'invalid_signature']);
    const text = await suite.server.api.request('POST', '/api/v2/payments/webhook', { body, headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);

    expect(await status(transactionId)).toBe('pending');
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
    const rejected = await suite.server.app.db
      .selectFrom('logs')
      .select('details')
      .where('action', '=', 'process_webhook')
      .where('type', '=', 'warning')
      .execute();
    expect(rejected.some((log) => log.details?.includes('invalid_signature'))).toBe(true);
  });

  it('handles a replayed event once', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await startCheckout(suite.billing, user, 'pro');
    const first = (await suite.billing.stripe.pay(sessionId))!;
    expect(first.status).toBe(200);
    const replay = await suite.billing.stripe.deliver(first.event);
    expect([replay.status, replay.body]).toEqual([200, { received: true }]);
    expect(await suite.server.app.db.selectFrom('processed_events').selectAll().where('id', '=', first.event.id).execute()).toHaveLength(1);
    expect(await logsOf(suite.billing, 'process_webhook', transactionId)).toHaveLength(1);
    expect(await logsOf(suite.billing, 'change_plan', transactionId)).toHaveLength(1);

    // A replayed refund does not refund twice nor downgrade a plan bought since.
    const refund = await suite.billing.stripe.sendEvent('charge.refunded', suite.billing.stripe.refundCharge(sessionId));
    expect(await status(transactionId)).toBe('refunded');
    await buyPlan(suite.billing, user, 'business');
    await suite.billing.stripe.deliver(refund.event);
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('business');
  });

  it('moves a checkout completed with the payment still clearing to uncleared, then paid', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await startCheckout(suite.billing, user, 'pro');
    await suite.billing.stripe.pay(sessionId, { paymentStatus: 'unpaid' });
    expect(await status(transactionId)).toBe('uncleared');
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
    expect(await logsOf(suite.billing, 'order_uncleared', transactionId)).toHaveLength(1);

    const session = suite.billing.stripe.sessions.get(sessionId)!;
    session.payment_status = 'paid';
    await suite.billing.stripe.sendEvent('checkout.session.async_payment_succeeded', session);
    expect(await status(transactionId)).toBe('paid');
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('pro');
  });

  it('moves a clearing payment that failed to declined', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await startCheckout(suite.billing, user, 'pro');
    await suite.billing.stripe.pay(sessionId, { paymentStatus: 'unpaid' });
    await suite.billing.stripe.sendEvent('checkout.session.async_payment_failed', suite.billing.stripe.sessions.get(sessionId));
    expect(await status(transactionId)).toBe('declined');
    expect((await logsOf(suite.billing, 'order_declined', transactionId))[0]).toMatchObject({ type: 'warning', user_id: user.id });
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
  });

  it('moves an abandoned checkout to expired', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await startCheckout(suite.billing, user, 'pro');
    const session = suite.billing.stripe.sessions.get(sessionId)!;
    session.status = 'expired';
    await suite.billing.stripe.sendEvent('checkout.session.expired', session);
    expect(await status(transactionId)).toBe('expired');
    expect(await logsOf(suite.billing, 'order_expired', transactionId)).toHaveLength(1);
  });

  it('declines an order whose first invoice failed, and keeps a paid plan on a failed renewal', async () => {
    const user = await createUser(suite.server);
    const first = await startCheckout(suite.billing, user, 'pro');
    await suite.billing.stripe.pay(first.sessionId, { paymentStatus: 'unpaid' });
    await suite.billing.stripe.sendEvent('invoice.payment_failed', suite.billing.stripe.failedInvoice(first.sessionId));
    expect(await status(first.transactionId)).toBe('declined');

    const second = await buyPlan(suite.billing, user, 'pro');
    const renewal = await suite.billing.stripe.sendEvent('invoice.payment_failed', suite.billing.stripe.failedInvoice(second.sessionId));
    expect(renewal.status).toBe(200);
    expect(await status(second.transactionId)).toBe('paid');
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('pro');
  });

  it('puts the buyer back on the free plan after a full refund, not after a partial one', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await buyPlan(suite.billing, user, 'pro');
    await suite.billing.stripe.sendEvent('charge.refunded', suite.billing.stripe.refundCharge(sessionId, false));
    expect(await status(transactionId)).toBe('paid');
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('pro');

    await suite.billing.stripe.sendEvent('charge.refunded', suite.billing.stripe.refundCharge(sessionId));
    const order = await orderRow(suite.billing, transactionId);
    expect([order.status, order.ended_at !== null]).toEqual(['refunded', true]);
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
    expect((await logsOf(suite.billing, 'order_refunded', transactionId))[0]).toMatchObject({ type: 'warning' });
    const res = await suite.server.api.get(`/api/v2/payments/${transactionId}`, { token: user.token });
    expect(res.body).toMatchObject({ status: 'refunded', applied: true });
  });

  it('ends the plan when the subscription is deleted, and voids an order whose subscription ended unpaid', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await buyPlan(suite.billing, user, 'pro');
    const subscriptionId = suite.billing.stripe.sessions.get(sessionId)!.subscription!;
    await suite.billing.stripe.sendEvent('customer.subscription.deleted', suite.billing.stripe.subscriptions.get(subscriptionId));
    const ended = await orderRow(suite.billing, transactionId);
    expect([ended.status, ended.ended_at !== null]).toEqual(['paid', true]);
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');

    const unpaid = await startCheckout(suite.billing, user, 'pro');
    await suite.billing.stripe.pay(unpaid.sessionId, { paymentStatus: 'unpaid' });
    const unpaidSubscription = suite.billing.stripe.sessions.get(unpaid.sessionId)!.subscription!;
    await suite.billing.stripe.sendEvent('customer.subscription.deleted', suite.billing.stripe.subscriptions.get(unpaidSubscription));
    expect(await status(unpaid.transactionId)).toBe('void');
    expect(await logsOf(suite.billing, 'order_void', unpaid.transactionId)).toHaveLength(1);
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
  });

  it('marks an order error when the amount paid is not the price, without giving the plan', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await startCheckout(suite.billing, user, 'business');
    suite.billing.stripe.sessions.get(sessionId)!.amount_total = 1;
    await suite.billing.stripe.pay(sessionId);
    expect(await status(transactionId)).toBe('error');
    expect((await logsOf(suite.billing, 'order_error', transactionId))[0]).toMatchObject({ type: 'critical' });
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
  });

  it('acknowledges events it does not handle and events about unknown orders', async () => {
    const ignored = await suite.billing.stripe.sendEvent('customer.created', { id: 'cus_test_x', object: 'customer' });
    expect([ignored.status, ignored.body]).toEqual([200, { received: true }]);
    const unknown = await suite.billing.stripe.sendEvent('checkout.session.expired', {
      id: 'cs_test_unknown',
      object: 'checkout.session',
      status: 'expired',
      payment_status: 'unpaid',
      metadata: {},
    });
    expect(unknown.status).toBe(200);
    const logs = await suite.server.app.db.selectFrom('logs').select('details').where('action', '=', 'process_webhook').execute();
    expect(logs.some((log) => log.details?.includes('order_not_found'))).toBe(true);
  });
});
