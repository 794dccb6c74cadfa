import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../test/clock';
import { eventually } from '../../test/eventually';
import { createApiToken, createUser, uploadFile, type TestUser } from '../../test/factories';
import { psaSettled } from '../../test/psa';
import { sweepOnce, WEBHOOK_EVENT_RETENTION_MS } from '../commands/maintenance/sweeper';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { signedWith, startWebhookReceiver } from '../../test/webhook-receiver';

describe.each(DRIVERS)('webhook deliveries (%s)', (driver) => {
  let server: TestServer;
  const receivers: { close: () => Promise<unknown> }[] = [];
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { webhooksAllowPrivateTargets: true } });
  });
  afterEach(async () => {
    server.app.config.webhooksAllowPrivateTargets = true;
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(() => server.close());

  const endpoint = async (user: TestUser, url: string, events = ['upload.created']) => {
    const res = await server.api.post('/api/v2/webhooks', { url, events }, { token: user.token });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; secret: string };
  };
  const emit = async (user: TestUser, type: string, data: unknown) => {
    const id = await server.app.db
      .transaction()
      .execute((trx) =>
        server.app.stores.webhookDeliveries.record(trx, user.id, type, data, new Date(server.app.clock.now()).toISOString()),
      );
    server.app.jobs?.kick('webhook');
    return id;
  };
  const deliveries = (endpointId: string) =>
    server.app.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).execute();

  it('posts each event once to every enabled endpoint that takes its type, signed', async () => {
    const user = await createUser(server);
    const target = await startWebhookReceiver([200]);
    receivers.push(target);
    const subscribed = await endpoint(user, target.url, ['upload.created']);
    const other = await endpoint(user, target.url, ['pin.pinned']);
    const eventId = await emit(user, 'upload.created', { uploadId: 'u1', name: 'café.txt' });
    await eventually('the receiver got the event', () => target.received.length === 1);
    const [got] = target.received;
    expect(got!.headers['cairn-event-id']).toBe(eventId);
    expect(signedWith(got!, subscribed.secret)).toBe(true);
    expect(signedWith(got!, other.secret)).toBe(false);
    expect(JSON.parse(got!.body)).toMatchObject({ id: eventId, type: 'upload.created', data: { uploadId: 'u1', name: 'café.txt' } });
    await eventually('the delivery is logged', async () => (await deliveries(subscribed.id))[0]?.status === 'succeeded');
    expect(await deliveries(subscribed.id)).toMatchObject([
      { attempts: 1, last_status_code: 200, last_error: null, next_attempt_at: null },
    ]);
    expect(await deliveries(other.id)).toEqual([]);
  });

  it('reports a record created by an upload and its deletion, each in the transaction of the change', async () => {
    const user = await createUser(server);
    const target = await startWebhookReceiver([200]);
    receivers.push(target);
    const hook = await endpoint(user, target.url, ['upload.created', 'record.deleted']);
    const uploaded = await uploadFile(server, user, 'notes.txt', 'hello webhooks');
    await eventually('upload.created arrived', () => target.received.length === 1);
    expect(JSON.parse(target.received[0]!.body)).toMatchObject({
      type: 'upload.created',
      data: { uploadId: uploaded.uploadId, cid: uploaded.cid, name: 'notes.txt', size: uploaded.size },
    });
    expect((await server.api.delete(`/api/v2/uploads/${uploaded.uploadId}`, { token: user.token })).status).toBe(200);
    await eventually('record.deleted arrived', () => target.received.length === 2);
    const deleted = JSON.parse(target.received[1]!.body);
    expect(deleted).toMatchObject({ type: 'record.deleted', data: { uploadId: uploaded.uploadId, cid: uploaded.cid } });
    expect(target.received.every((r) => signedWith(r, hook.secret))).toBe(true);
    // A delete that finds the record gone already reports nothing more.
    expect((await server.api.delete(`/api/v2/uploads/${uploaded.uploadId}`, { token: user.token })).status).toBe(404);
    const events = await server.app.db.selectFrom('webhook_events').select('type').where('user_id', '=', user.id).execute();
    expect(events.map((e) => e.type).sort()).toEqual(['record.deleted', 'upload.created']);
  });

  it('reports the record a remote pin made, and its deletion when the last remote pin goes', async () => {
    const owner = await createUser(server);
    const pinner = await createUser(server);
    const { token } = await createApiToken(server, pinner);
    const target = await startWebhookReceiver([200]);
    receivers.push(target);
    await endpoint(pinner, target.url, ['upload.created', 'record.deleted']);
    const content = await uploadFile(server, owner, 'shared.txt', 'pinned from elsewhere');
    const queued = await server.api.post('/psa/pins', { cid: content.cid }, { token });
    expect(queued.status).toBe(202);
    expect((await psaSettled(server, token, queued.body.requestid)).status).toBe('pinned');
    await eventually('upload.created arrived', () => target.received.length === 1);
    expect(JSON.parse(target.received[0]!.body)).toMatchObject({ type: 'upload.created', data: { cid: content.cid, source: 'pin' } });
    expect((await server.api.delete(`/psa/pins/${queued.body.requestid}`, { token })).status).toBe(202);
    await eventually('record.deleted arrived', () => target.received.length === 2);
    expect(JSON.parse(target.received[1]!.body)).toMatchObject({ type: 'record.deleted', data: { cid: content.cid } });
  });

  it('sends a test event, logs each delivery and resends one with the same event id', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const target = await startWebhookReceiver([200]);
    receivers.push(target);
    const hook = await endpoint(user, target.url);
    const queued = await server.api.post(`/api/v2/webhooks/${hook.id}/test`, {}, { token: user.token });
    expect(queued.status, queued.text).toBe(202);
    await eventually('the test event arrived', () => target.received.length === 1);
    const got = target.received[0]!;
    expect(signedWith(got, hook.secret)).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({ id: queued.body.eventId, type: 'webhook.test', data: { webhookId: hook.id } });

    const log = async () => (await server.api.get(`/api/v2/webhooks/${hook.id}/deliveries?limit=5`, { token: user.token })).body;
    await eventually('the log shows it delivered', async () => (await log()).deliveries[0]?.status === 'succeeded');
    expect(await log()).toMatchObject({
      total: 1,
      page: 1,
      limit: 5,
      deliveries: [
        {
          id: queued.body.deliveryId,
          eventId: queued.body.eventId,
          eventType: 'webhook.test',
          attempts: 1,
          lastStatusCode: 200,
          lastError: null,
          nextAttemptAt: null,
        },
      ],
    });
    expect((await log()).deliveries[0].latencyMs).toBeGreaterThanOrEqual(0);

    const resent = await server.api.post(
      `/api/v2/webhooks/${hook.id}/deliveries/${queued.body.deliveryId}/resend`,
      {},
      { token: user.token },
    );
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body).toEqual(queued.body);
    await eventually('the resend arrived', () => target.received.length === 2);
    expect(target.received[1]!.headers['cairn-event-id']).toBe(queued.body.eventId);
    await eventually('the log counts two attempts', async () => (await log()).deliveries[0]?.attempts === 2);

    // Another account's endpoint, or a delivery of another endpoint, is not found.
    expect((await server.api.post(`/api/v2/webhooks/${hook.id}/test`, {}, { token: other.token })).body.code).toBe('webhook_not_found');
    expect((await server.api.get(`/api/v2/webhooks/${hook.id}/deliveries`, { token: other.token })).body.code).toBe('webhook_not_found');
    const second = await endpoint(user, target.url);
    const foreign = await server.api.post(
      `/api/v2/webhooks/${second.id}/deliveries/${queued.body.deliveryId}/resend`,
      {},
      { token: user.token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    expect(target.received).toHaveLength(2);
  });

  it('signs with both secrets while a rotation overlaps, then with the new one alone', async () => {
    const user = await createUser(server);
    const target = await startWebhookReceiver([200]);
    receivers.push(target);
    const hook = await endpoint(user, target.url, ['upload.created']);
    const rotate = (body?: unknown) => server.api.post(`/api/v2/webhooks/${hook.id}/rotate-secret`, body, { token: user.token });

    const rotated = await rotate({ overlapHours: 2 });
    expect(rotated.status, rotated.text).toBe(200);
    const { secret, webhook } = rotated.body as { secret: string; webhook: { previousSecretExpiresAt: string } };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(secret).not.toBe(hook.secret);
    expect(Date.parse(webhook.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
    await emit(user, 'upload.created', { n: 1 });
    await eventually('the first event arrived', () => target.received.length === 1);
    const overlapping = target.received[0]!;
    expect(String(overlapping.headers['cairn-signature']).match(/v1=/g)).toHaveLength(2);
    expect(signedWith(overlapping, secret)).toBe(true);
    expect(signedWith(overlapping, hook.secret)).toBe(true);

    // Once the overlap is over, the old secret signs nothing.
    await server.app.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', hook.id)
      .execute();
    expect((await server.api.get(`/api/v2/webhooks/${hook.id}`, { token: user.token })).body.previousSecretExpiresAt).toBeNull();
    await emit(user, 'upload.created', { n: 2 });
    await eventually('the second event arrived', () => target.received.length === 2);
    expect(signedWith(target.received[1]!, secret)).toBe(true);
    expect(signedWith(target.received[1]!, hook.secret)).toBe(false);

    // Without a body the overlap is 24 hours; 0 ends the old secret at once.
    const defaulted = await rotate();
    expect(Date.parse(defaulted.body.webhook.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(24 * 3_600_000 - 60_000);
    const abrupt = await rotate({ overlapHours: 0 });
    expect(abrupt.body.webhook.previousSecretExpiresAt).toBeNull();
    await emit(user, 'upload.created', { n: 3 });
    await eventually('the third event arrived', () => target.received.length === 3);
    expect(String(target.received[2]!.headers['cairn-signature']).match(/v1=/g)).toHaveLength(1);
    expect(signedWith(target.received[2]!, abrupt.body.secret)).toBe(true);
    expect(signedWith(target.received[2]!, defaulted.body.secret)).toBe(false);
  });

  it('rotates concurrent requests one after the other, so the last two secrets sign', async () => {
    const user = await createUser(server);
    const target = await startWebhookReceiver([200]);
    receivers.push(target);
    const hook = await endpoint(user, target.url, ['upload.created']);
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.api.post(`/api/v2/webhooks/${hook.id}/rotate-secret`, { overlapHours: 1 }, { token: user.token })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    await emit(user, 'upload.created', { n: 1 });
    await eventually('the event arrived', () => target.received.length === 1);
    const got = target.received[0]!;
    const signing = answers.filter((res) => signedWith(got, res.body.secret as string));
    expect(signing).toHaveLength(2);
    expect(signedWith(got, hook.secret)).toBe(false);
  });

  it("refuses a rotation of another account's endpoint and an overlap out of range", async () => {
    const owner = await createUser(server);
    const stranger = await createUser(server);
    const hook = await endpoint(owner, 'http://127.0.0.1:9/hook');
    const path = `/api/v2/webhooks/${hook.id}/rotate-secret`;
    expect((await server.api.post(path, {}, { token: stranger.token })).body.code).toBe('webhook_not_found');
    for (const overlapHours of [-1, 169, 1.5, '2']) {
      const res = await server.api.post(path, { overlapHours }, { token: owner.token });
      expect([res.status, res.body.code], JSON.stringify(overlapHours)).toEqual([400, 'validation_error']);
    }
    // Nothing was rotated: the secret the owner holds still signs alone.
    const row = await server.app.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', hook.id).executeTakeFirstOrThrow();
    expect(row.previous_secret_ciphertext).toBeNull();
  });

  it('prunes events past their retention with their log, but none still being retried', async () => {
    const user = await createUser(server);
    const target = await startWebhookReceiver([200]);
    receivers.push(target);
    const hook = await endpoint(user, target.url);
    const sent = await emit(user, 'upload.created', { n: 1 });
    await eventually('the first event was delivered', async () => (await deliveries(hook.id))[0]?.status === 'succeeded');
    await server.api.patch(`/api/v2/webhooks/${hook.id}`, { url: 'http://127.0.0.1:1/unreachable' }, { token: user.token });
    const waiting = await emit(user, 'upload.created', { n: 2 });
    await eventually('the second event failed once', async () =>
      (await deliveries(hook.id)).some((d) => d.event_id === waiting && d.attempts === 1),
    );
    const report = await sweepOnce(server.app, Date.now() + WEBHOOK_EVENT_RETENTION_MS + 60_000);
    expect(report.webhookEventsPruned).toBeGreaterThanOrEqual(1);
    const left = await server.app.db.selectFrom('webhook_events').select('id').where('user_id', '=', user.id).execute();
    expect(left.map((e) => e.id)).toEqual([waiting]);
    expect((await deliveries(hook.id)).map((d) => d.event_id)).toEqual([waiting]);
    expect(sent).not.toBe(waiting);
  });

  it('retries a receiver that answers 500 on its backoff, then delivers the same event id', async () => {
    const user = await createUser(server);
    const target = await startWebhookReceiver([500, 200]);
    receivers.push(target);
    const hook = await endpoint(user, target.url);
    const real = server.app.clock;
    const clock = manualClock(Date.now());
    server.app.clock = clock;
    try {
      const eventId = await emit(user, 'upload.created', { uploadId: 'u2' });
      await eventually('the first attempt failed', async () => (await deliveries(hook.id))[0]?.attempts === 1);
      const [first] = await deliveries(hook.id);
      expect(first).toMatchObject({ status: 'pending', last_status_code: 500 });
      const wait = Date.parse(first!.next_attempt_at!) - clock.now();
      expect(wait).toBeGreaterThanOrEqual(54_000);
      expect(wait).toBeLessThanOrEqual(66_000);
      clock.advance(wait);
      server.app.jobs?.kick('webhook');
      await eventually('the retry succeeded', async () => (await deliveries(hook.id))[0]?.status === 'succeeded');
      expect(target.received.map((r) => r.headers['cairn-event-id'])).toEqual([eventId, eventId]);
      expect(target.received.every((r) => signedWith(r, hook.secret))).toBe(true);
    } finally {
      server.app.clock = real;
    }
  });

  it('counts a redirect as a failure and never follows it', async () => {
    const user = await createUser(server);
    const elsewhere = await startWebhookReceiver([200]);
    const target = await startWebhookReceiver([302], { Location: elsewhere.url });
    receivers.push(elsewhere, target);
    const hook = await endpoint(user, target.url);
    await emit(user, 'upload.created', {});
    await eventually('the attempt failed', async () => (await deliveries(hook.id))[0]?.attempts === 1);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'pending', last_status_code: 302 });
    expect(elsewhere.received).toHaveLength(0);
  });

  it('refuses at delivery a target that became private, unless the server allows it', async () => {
    const user = await createUser(server);
    const target = await startWebhookReceiver([200]);
    receivers.push(target);
    const hook = await endpoint(user, target.url);
    server.app.config.webhooksAllowPrivateTargets = false;
    await emit(user, 'upload.created', {});
    await eventually('the attempt was refused', async () => (await deliveries(hook.id))[0]?.attempts === 1);
    expect((await deliveries(hook.id))[0]!.last_error).toMatch(/^refused: /);
    expect(target.received).toHaveLength(0);
  });

  it('gives a delivery up after 24 hours and turns off an endpoint that kept failing', async () => {
    const user = await createUser(server);
    const target = await startWebhookReceiver([503]);
    receivers.push(target);
    const hook = await endpoint(user, target.url);
    await server.app.db.updateTable('webhook_endpoints').set({ consecutive_failures: 14 }).where('id', '=', hook.id).execute();
    const real = server.app.clock;
    const clock = manualClock(Date.now());
    server.app.clock = clock;
    try {
      await emit(user, 'upload.created', {});
      for (let attempt = 1; attempt <= 12; attempt += 1) {
        await eventually(`attempt ${attempt} ran`, async () => (await deliveries(hook.id))[0]?.attempts === attempt);
        const [row] = await deliveries(hook.id);
        if (row!.status === 'failed') break;
        clock.advance(Date.parse(row!.next_attempt_at!) - clock.now());
        server.app.jobs?.kick('webhook');
      }
      const [row] = await deliveries(hook.id);
      expect(row).toMatchObject({ status: 'failed', next_attempt_at: null, last_status_code: 503 });
      // About ten attempts (their ±10 % spread decides whether the tenth still fits), all within 24 hours.
      expect(row!.attempts).toBeGreaterThanOrEqual(9);
      expect(target.received).toHaveLength(row!.attempts);
      expect(Date.parse(row!.updated_at) - Date.parse(row!.created_at)).toBeLessThanOrEqual(24 * 3600_000);
      expect(Date.parse(row!.updated_at) - Date.parse(row!.created_at)).toBeGreaterThan(15 * 3600_000);
      const res = await server.api.get(`/api/v2/webhooks/${hook.id}`, { token: user.token });
      expect(res.body).toMatchObject({ enabled: false, consecutiveFailures: 15 });
      expect(res.body.disabledReason).toContain('15 deliveries');
      // Turned off, it is sent nothing more.
      await emit(user, 'upload.created', {});
      expect(await deliveries(hook.id)).toHaveLength(1);
    } finally {
      server.app.clock = real;
    }
  });
});
