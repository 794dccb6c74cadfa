import { describe, expect, it } from 'vitest';
import { buyPlan, startCheckout } from '../../test/billing';
import { eventually } from '../../test/eventually';
import { createUser, fileForm, insertPlan, setStorageLimit, uploadFile, type TestUser } from '../../test/factories';
import { DRIVERS } from '../../test/harness';
import { psaSettled } from '../../test/psa';
import { billingSuite } from '../../test/suites';
import { validateWebhookEvent } from '../../test/openapi-validator';
import { REFUSAL_EVENT_GAP_MS } from '../commands/webhooks/quota-refusals';

/** A valid CID that no node here holds. */
const UNKNOWN_CID = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';

/** Every change that an event reports writes it to the outbox in its own transaction, whether or not an endpoint takes it. */
describe.each(DRIVERS)('events in the outbox (%s)', (driver) => {
  const suite = billingSuite(driver, { pinTimeoutMs: 500 });

  const events = async (user: TestUser, prefix = '') => {
    const rows = await suite.server.app.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const found = rows.filter((row) => row.type.startsWith(prefix));
    // Each is what openapi.yaml documents under `webhooks` for its type.
    for (const row of found) {
      expect(validateWebhookEvent({ id: row.id, type: row.type, createdAt: row.created_at, data: JSON.parse(row.payload) })).toEqual([]);
    }
    return found.map((row) => ({ type: row.type, data: JSON.parse(row.payload) }));
  };

  it('reports a pin by CID as queued, pinning and pinned, each with the job as GET /pins/{id} shows it', async () => {
    const user = await createUser(suite.server);
    const file = await uploadFile(suite.server, user, 'held.txt', 'pin me by CID');
    const other = await createUser(suite.server);
    const res = await suite.server.api.post('/api/v2/pins', { cid: file.cid, customName: 'pinned.txt' }, { token: other.token });
    expect(res.status, res.text).toBe(201);
    const pins = await events(other, 'pin.');
    expect(pins.map((event) => event.type)).toEqual(['pin.queued', 'pin.pinning', 'pin.pinned']);
    expect(pins.every((event) => event.data.id === res.body.id && event.data.cid === file.cid)).toBe(true);
    expect(pins[2]!.data).toEqual((await suite.server.api.get(`/api/v2/pins/${res.body.id}`, { token: other.token })).body);
    expect(pins[2]!.data.upload).toMatchObject({ name: 'pinned.txt', cid: file.cid });
    expect((await events(other)).map((event) => event.type)).toContain('upload.created');
    expect(await events(user, 'pin.')).toEqual([]);
  });

  it('reports a pin that fails as pin.failed with its reason', async () => {
    const user = await createUser(suite.server);
    const res = await suite.server.api.post('/api/v2/pins', { cid: UNKNOWN_CID }, { token: user.token });
    expect(res.status).toBe(404);
    const pins = await events(user, 'pin.');
    expect(pins.map((event) => event.type)).toEqual(['pin.queued', 'pin.pinning', 'pin.failed']);
    expect(pins[2]!.data).toMatchObject({ cid: UNKNOWN_CID, status: 'failed', errorCode: 'cid_not_found', upload: null });
  });

  it('reports a Pinning Service API request as psa.pin.* with its PinStatus, delegates left out', async () => {
    const user = await createUser(suite.server);
    const file = await uploadFile(suite.server, user, 'remote.txt', 'pin me through the PSA');
    const created = await suite.server.api.post(
      '/psa/pins',
      { cid: file.cid, name: 'via psa', meta: { app: 'test' } },
      { token: user.token },
    );
    expect(created.status, created.text).toBe(202);
    const settled = await psaSettled(suite.server, user.token, created.body.requestid);
    expect(settled.status).toBe('pinned');
    const psa = await events(user, 'psa.pin.');
    expect(psa.map((event) => event.type)).toEqual(['psa.pin.queued', 'psa.pin.pinning', 'psa.pin.pinned']);
    const { delegates: _delegates, ...status } = settled;
    expect(psa[2]!.data).toEqual(status);
    expect(psa[0]!.data).toMatchObject({
      requestid: created.body.requestid,
      status: 'queued',
      pin: { cid: file.cid, name: 'via psa', meta: { app: 'test' } },
    });
  });

  it('sends quota.near_limit once, when a record takes usage past 80 % of the limit', async () => {
    const user = await createUser(suite.server);
    await setStorageLimit(suite.server, user, 1000);
    await uploadFile(suite.server, user, 'a.bin', 'a'.repeat(700));
    expect(await events(user, 'quota.')).toEqual([]);
    await uploadFile(suite.server, user, 'b.bin', 'b'.repeat(150));
    await uploadFile(suite.server, user, 'c.bin', 'c'.repeat(50));
    expect(await events(user, 'quota.')).toEqual([
      { type: 'quota.near_limit', data: { storageUsed: 850, storageLimit: 1000, percentUsed: 85 } },
    ]);
  });

  it('sends quota.exceeded for a refused upload, once an hour however often the account is refused', async () => {
    const user = await createUser(suite.server);
    await setStorageLimit(suite.server, user, 100);
    for (let i = 0; i < 3; i++) {
      const body = fileForm([{ name: `big-${i}.bin`, content: 'x'.repeat(200) }]);
      const refused = await suite.server.api.request('POST', '/api/v2/upload', { token: user.token, body });
      expect([refused.status, refused.body.code]).toEqual([403, 'quota_exceeded']);
    }
    await eventually('the refusal was reported', async () => (await events(user, 'quota.')).length === 1);
    expect(await events(user, 'quota.')).toEqual([
      { type: 'quota.exceeded', data: { storageUsed: 0, storageLimit: 100, percentUsed: 0, reason: 'refused' } },
    ]);
    // An hour on, the next refusal is news again.
    await suite.server.app.db
      .updateTable('webhook_events')
      .set({ created_at: new Date(Date.now() - REFUSAL_EVENT_GAP_MS - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const psa = await suite.server.api.post('/psa/pins', { cid: UNKNOWN_CID }, { token: user.token });
    expect(psa.status).toBe(202);
    await setStorageLimit(suite.server, user, 0);
    const full = await suite.server.api.post('/psa/pins', { cid: UNKNOWN_CID }, { token: user.token });
    expect([full.status, full.body.error?.reason]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    await eventually('the second refusal was reported', async () => (await events(user, 'quota.')).length === 2);
  });

  it('sends quota.exceeded when a plan change leaves more stored than the new plan allows', async () => {
    const user = await createUser(suite.server);
    await uploadFile(suite.server, user, 'kept.bin', 'k'.repeat(300));
    const { code } = await insertPlan(suite.server, { code: 'tiny-events', storage_limit_bytes: 100, price_cents: 0 });
    const res = await suite.server.api.post(`/api/v2/plans/${code}/checkout`, { method: 'card', acceptTerms: true }, { token: user.token });
    expect(res.status, res.text).toBe(200);
    expect(await events(user, 'quota.')).toEqual([
      { type: 'quota.exceeded', data: { storageUsed: 300, storageLimit: 100, percentUsed: 300, reason: 'plan_changed' } },
    ]);
  });

  it('sends payment.succeeded for a paid checkout and a renewal, and payment.failed for a declined card and a failed renewal', async () => {
    const user = await createUser(suite.server);
    const declined = await startCheckout(suite.billing, user, 'pro');
    await suite.billing.stripe.pay(declined.sessionId, { paymentStatus: 'unpaid' });
    await suite.billing.stripe.sendEvent('checkout.session.async_payment_failed', suite.billing.stripe.sessions.get(declined.sessionId));
    const bought = await buyPlan(suite.billing, user, 'pro');
    expect((await suite.billing.stripe.renew(bought.sessionId)).status).toBe(200);
    await suite.billing.stripe.sendEvent('invoice.payment_failed', suite.billing.stripe.failedInvoice(bought.sessionId));
    const payments = await events(user, 'payment.');
    expect(payments.map((event) => [event.type, event.data.renewal])).toEqual([
      ['payment.failed', false],
      ['payment.succeeded', false],
      ['payment.succeeded', true],
      ['payment.failed', true],
    ]);
    expect(payments[0]!.data.payment).toMatchObject({
      transactionId: declined.transactionId,
      status: 'declined',
      planCode: 'pro',
      currency: 'EUR',
    });
    expect(payments[1]!.data.payment).toMatchObject({ transactionId: bought.transactionId, status: 'paid', planCode: 'pro' });
    expect(payments[2]!.data.payment).toMatchObject({ status: 'paid', planCode: 'pro' });
    expect(payments[2]!.data.payment.transactionId).not.toBe(bought.transactionId);
    expect(payments[3]!.data.payment).toMatchObject({ transactionId: bought.transactionId, status: 'paid' });
  });
});
