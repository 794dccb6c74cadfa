import { describe, expect, it } from 'vitest';
import { buyPlan, logsOf, orderRow, startCheckout, userRow } from '../../../test/billing';
import { createUser, insertPlan } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { billingSuite, serverSuite } from '../../../test/suites';

const terms = { method: 'card', acceptTerms: true };

describe.each(DRIVERS)('/api/v2/plans (%s)', (driver) => {
  const suite = billingSuite(driver);

  it('lists the active plans with euro prices, the current plan and how one can pay', async () => {
    const user = await createUser(suite.server);
    const res = await suite.server.api.get('/api/v2/plans', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.plans.map((plan: { code: string }) => plan.code)).toEqual(['free', 'pro', 'business']);
    expect(res.body.plans[1]).toEqual({
      code: 'pro',
      name: 'Pro',
      storageLimitBytes: 100 * 1024 ** 3,
      priceMonthlyEur: 9.99,
      description: '100 GiB of pinned storage for individuals.',
      active: true,
      isDefault: false,
      egressLimitBytes: null,
      egressOverLimit: 'block',
      requestLimitFactor: 1,
    });
    expect(res.body).toMatchObject({ currentPlanCode: 'free', paymentsConfigured: true, cryptoAvailable: false });
    expect(res.body.currentPlan).toMatchObject({ code: 'free', isDefault: true, priceMonthlyEur: 0 });
    expect((await suite.server.api.get('/api/v2/plans')).status).toBe(401);
  });

  it('refuses unknown and inactive plans, the current plan, missing terms and crypto', async () => {
    const user = await createUser(suite.server);
    const checkout = (code: string, body: unknown) => suite.server.api.post(`/api/v2/plans/${code}/checkout`, body, { token: user.token });

    expect((await checkout('platinum', terms)).body).toEqual({ error: 'Selected plan not found', code: 'plan_not_found' });
    await suite.server.app.db.updateTable('plans').set({ active: 0 }).where('code', '=', 'business').execute();
    try {
      expect((await checkout('business', terms)).status).toBe(404);
      const list = await suite.server.api.get('/api/v2/plans', { token: user.token });
      expect(list.body.plans.map((plan: { code: string }) => plan.code)).not.toContain('business');
    } finally {
      await suite.server.app.db.updateTable('plans').set({ active: 1 }).where('code', '=', 'business').execute();
    }
    const same = await checkout('free', terms);
    expect([same.status, same.body.code]).toEqual([409, 'plan_already_active']);
    for (const body of [{ method: 'card' }, { method: 'card', acceptTerms: false }]) {
      const refused = await checkout('pro', body);
      expect([refused.status, refused.body.code]).toEqual([400, 'terms_not_accepted']);
    }
    const crypto = await checkout('pro', { method: 'crypto', acceptTerms: true });
    expect(crypto.status).toBe(400);
    expect(crypto.body).toEqual({ error: 'cryptocurrency payments not available yet', code: 'crypto_unavailable' });
    const badMethod = await checkout('pro', { method: 'cash', acceptTerms: true });
    expect([badMethod.status, badMethod.body.code, badMethod.body.error]).toEqual([
      400,
      'validation_error',
      'method must be card or crypto',
    ]);

    expect(await suite.server.app.db.selectFrom('orders').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
  });

  it('opens a monthly EUR subscription checkout for a paid plan and records a pending order', async () => {
    const user = await createUser(suite.server);
    const res = await suite.server.api.post('/api/v2/plans/pro/checkout', terms, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'redirect',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/),
      transactionId: expect.any(String),
    });

    const sessionId = new URL(res.body.url).pathname.split('/').pop()!;
    const session = suite.billing.stripe.sessions.get(sessionId)!;
    const base = `${suite.server.url}/payment`;
    expect(session).toMatchObject({
      mode: 'subscription',
      currency: 'eur',
      amount_total: 999,
      client_reference_id: res.body.transactionId,
      customer_email: user.email,
      metadata: { orderId: res.body.transactionId, planCode: 'pro' },
      success_url: `${base}/success?transactionId=${res.body.transactionId}`,
      cancel_url: `${base}/cancel?transactionId=${res.body.transactionId}`,
    });

    const order = await orderRow(suite.billing, res.body.transactionId);
    expect(order).toMatchObject({
      user_id: user.id,
      plan_code: 'pro',
      amount_cents: 999,
      currency: 'eur',
      status: 'pending',
      stripe_session_id: sessionId,
    });
    expect(order.applied_at).toBeNull();
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
    expect(await logsOf(suite.billing, 'create_order', order.id)).toHaveLength(1);
    expect(await logsOf(suite.billing, 'change_plan_request')).not.toHaveLength(0);
    const logs = await suite.server.app.db.selectFrom('logs').select('details').execute();
    expect(JSON.stringify(logs)).not.toContain(suite.billing.stripe.config.secretKey);
  });

  it('fails clearly when Stripe gives no URL, an unsafe URL or an error, marking the order error', async () => {
    const user = await createUser(suite.server);
    const cases = [
      ['no_url', 'payment_url_missing', 'Payment URL not received'],
      ['unsafe_url', 'invalid_redirect_url', 'Invalid redirect URL'],
      ['error', 'payment_provider_error', 'The payment provider could not start the payment; try again'],
    ] as const;
    for (const [behaviour, code, error] of cases) {
      suite.billing.stripe.nextCheckout = behaviour;
      const res = await suite.server.api.post('/api/v2/plans/pro/checkout', terms, { token: user.token });
      expect([res.status, res.body]).toEqual([502, { error, code }]);
    }
    const orders = await suite.server.app.db.selectFrom('orders').select('status').where('user_id', '=', user.id).execute();
    expect(orders.map((order) => order.status)).toEqual(['error', 'error', 'error']);
    expect(await logsOf(suite.billing, 'order_error')).not.toHaveLength(0);
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
  });

  it('downgrades to the free plan at once, cancelling the paid subscription at Stripe', async () => {
    const user = await createUser(suite.server);
    const { transactionId, sessionId } = await buyPlan(suite.billing, user, 'pro');
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('pro');

    const res = await suite.server.api.post('/api/v2/plans/free/checkout', { acceptTerms: true }, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'changed', plan: { code: 'free', isDefault: true } });
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
    const subscriptionId = suite.billing.stripe.sessions.get(sessionId)!.subscription!;
    expect(suite.billing.stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    const order = await orderRow(suite.billing, transactionId);
    expect(order.status).toBe('paid');
    expect(order.ended_at).not.toBeNull();

    // Stripe then reports the subscription deleted: nothing more happens.
    const planChanges = (await logsOf(suite.billing, 'change_plan', transactionId)).length;
    await suite.billing.stripe.settled();
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
    expect(await logsOf(suite.billing, 'change_plan', transactionId)).toHaveLength(planChanges);
    expect(await logsOf(suite.billing, 'process_webhook', transactionId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ details: expect.stringContaining('"outcome":"unchanged"') })]),
    );
    const usage = await suite.server.api.get('/api/v2/users/me/usage', { token: user.token });
    expect(usage.body).toMatchObject({ planCode: 'free', planLimit: 1024 ** 3, bonus: 0 });
  });

  it('keeps the paid plan when Stripe cannot cancel the subscription', async () => {
    const user = await createUser(suite.server);
    await buyPlan(suite.billing, user, 'pro');
    suite.billing.stripe.down = true;
    try {
      const res = await suite.server.api.post('/api/v2/plans/free/checkout', { acceptTerms: true }, { token: user.token });
      expect([res.status, res.body.code]).toEqual([502, 'plan_update_failed']);
    } finally {
      suite.billing.stripe.down = false;
    }
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('pro');
  });

  it('replaces a running subscription when another paid plan is bought', async () => {
    const user = await createUser(suite.server);
    const pro = await buyPlan(suite.billing, user, 'pro');
    const business = await buyPlan(suite.billing, user, 'business');
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('business');
    expect((await orderRow(suite.billing, pro.transactionId)).ended_at).not.toBeNull();
    expect((await orderRow(suite.billing, business.transactionId)).ended_at).toBeNull();
    const oldSubscription = suite.billing.stripe.sessions.get(pro.sessionId)!.subscription!;
    expect(suite.billing.stripe.subscriptions.get(oldSubscription)!.status).toBe('canceled');
    await suite.billing.stripe.settled();
    // The old subscription's end does not take the new plan away.
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('business');
  });

  it('starts a checkout without paying it: the plan does not change', async () => {
    const user = await createUser(suite.server);
    await startCheckout(suite.billing, user, 'business');
    expect((await userRow(suite.billing, user.id)).plan_code).toBe('free');
  });
});

describe.each(DRIVERS)('/api/v2/plans without payment keys (%s)', (driver) => {
  const suite = serverSuite(driver);

  it('answers 503 payments_not_configured for a paid plan, and still changes to a free one', async () => {
    const user = await createUser(suite.server);
    const list = await suite.server.api.get('/api/v2/plans', { token: user.token });
    expect(list.body.paymentsConfigured).toBe(false);
    const paid = await suite.server.api.post('/api/v2/plans/pro/checkout', terms, { token: user.token });
    expect([paid.status, paid.body]).toEqual([503, { error: 'payments are not configured', code: 'payments_not_configured' }]);
    expect(await suite.server.app.db.selectFrom('orders').selectAll().execute()).toEqual([]);

    await insertPlan(suite.server, { code: 'community', name: 'Community', storage_limit_bytes: 2 * 1024 ** 3 });
    const free = await suite.server.api.post('/api/v2/plans/community/checkout', { acceptTerms: true }, { token: user.token });
    expect(free.body).toMatchObject({ status: 'changed', plan: { code: 'community' } });
    expect((await suite.server.api.get('/api/v2/users/me/usage', { token: user.token })).body).toMatchObject({
      planCode: 'community',
      limit: 2 * 1024 ** 3,
    });
  });

  it('refuses the webhook with 503', async () => {
    const res = await suite.server.api.request('POST', '/api/v2/payments/webhook', {
      body: '{"id":"evt_1"}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect([res.status, res.body.code]).toEqual([503, 'payments_not_configured']);
  });
});
