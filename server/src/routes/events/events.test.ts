import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/database';
import { isoAt } from '../../jobs/clock';
import { createWebhookDeliveryStore } from '../../stores/webhook-delivery-store';
import { MAX_EVENT_STREAMS } from '../../commands/events/event-stream-opener';
import { eventually } from '../../../test/eventually';
import { openEventStream, type OpenStream } from '../../../test/event-stream';
import { createApiToken, createUser, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

describe.each(DRIVERS)('GET /api/v2/events (%s)', (driver) => {
  let server: TestServer;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(() => server.close());

  const stream = async (token: string, headers?: Record<string, string>) => {
    const opened = await openEventStream(server.url, token, headers);
    open.push(opened);
    return opened;
  };
  const types = (s: OpenStream) => s.events().map((e) => e.type);
  const hasEvent = (s: OpenStream, type: string, id?: string) => () =>
    s.events().some((e) => e.type === type && (id === undefined || e.body.data.uploadId === id));

  it('streams upload.created after an upload and record.deleted after a delete, as webhook bodies', async () => {
    const user = await createUser(server);
    const s = await stream(user.token);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await eventually('the retry hint', () => s.messages.some((m) => m.retry === '3000'), { withinMs: 5_000 });

    const upload = await uploadFile(server, user, 'live.txt', 'live events');
    await eventually('upload.created arrives', hasEvent(s, 'upload.created', upload.uploadId), { withinMs: 5_000 });
    const created = s.events().find((e) => e.type === 'upload.created')!;
    const row = await server.app.db.selectFrom('webhook_events').selectAll().where('id', '=', created.id!).executeTakeFirstOrThrow();
    expect(created.body).toEqual({ id: row.id, type: 'upload.created', createdAt: row.created_at, data: JSON.parse(row.payload) });
    expect(created.body.data).toMatchObject({ uploadId: upload.uploadId, cid: upload.cid, name: 'live.txt' });

    const deleted = await server.api.delete(`/api/v2/uploads/${upload.uploadId}`, { token: user.token });
    expect(deleted.status, deleted.text).toBe(200);
    await eventually('record.deleted arrives', hasEvent(s, 'record.deleted', upload.uploadId), { withinMs: 5_000 });
    expect(types(s)).toEqual(['upload.created', 'record.deleted']);
  });

  it("never sends another account's events", async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const mine = await stream(user.token);
    const theirs = await stream(other.token);
    await uploadFile(server, other, 'theirs.txt', 'not yours');
    const upload = await uploadFile(server, user, 'mine.txt', 'yours');
    await eventually('my event arrives', hasEvent(mine, 'upload.created', upload.uploadId), { withinMs: 5_000 });
    await eventually('their event arrives', hasEvent(theirs, 'upload.created'), { withinMs: 5_000 });
    expect(mine.events().map((e) => e.body.data.uploadId)).toEqual([upload.uploadId]);
    expect(theirs.events().map((e) => e.body.data.name)).toEqual(['theirs.txt']);
  });

  it('resumes after Last-Event-ID without loss or duplicate, and resets on an unknown id', async () => {
    const user = await createUser(server);
    const first = await stream(user.token);
    const a = await uploadFile(server, user, 'a.txt', 'a');
    await eventually('a arrives', hasEvent(first, 'upload.created', a.uploadId), { withinMs: 5_000 });
    const lastId = first.events()[0]!.id!;
    first.close();
    // Written while no stream is open: the resume must bring them, once each, in order.
    const b = await uploadFile(server, user, 'b.txt', 'b');
    const c = await uploadFile(server, user, 'c.txt', 'c');

    const resumed = await stream(user.token, { 'Last-Event-ID': lastId });
    const d = await uploadFile(server, user, 'd.txt', 'd');
    await eventually('d arrives', hasEvent(resumed, 'upload.created', d.uploadId), { withinMs: 5_000 });
    expect(resumed.events().map((e) => e.body.data.uploadId)).toEqual([b.uploadId, c.uploadId, d.uploadId]);

    const unknown = await stream(user.token, { 'Last-Event-ID': 'no-such-event' });
    await eventually('a reset arrives', () => types(unknown).includes('reset'), { withinMs: 5_000 });
    const reset = unknown.messages.find((m) => m.event === 'reset')!;
    expect(reset.id).toBe('');
    expect(JSON.parse(reset.data!)).toEqual({ reason: 'unknown_event' });
  });

  it('brings events another instance writes to the same database', async () => {
    const user = await createUser(server);
    const s = await stream(user.token);
    await eventually('the stream is open', () => s.messages.length > 0, { withinMs: 5_000 });
    if (driver === 'pg') {
      // A second instance of the deployment: its commit reaches this one by NOTIFY, well before the 5 s safety read.
      const second = await startTestServer({ driver, shareWith: server });
      try {
        const upload = await uploadFile(second, user, 'elsewhere.txt', 'from the second instance');
        await eventually('the other instance’s event arrives', hasEvent(s, 'upload.created', upload.uploadId), { withinMs: 4_000 });
      } finally {
        await second.close();
      }
    } else {
      // Another process on the same SQLite file: its own connection, seen by this one's read loop.
      if (server.config.db.driver !== 'sqlite') throw new Error('sqlite expected');
      const db = createDb(server.config.db);
      try {
        const store = createWebhookDeliveryStore(db);
        const id = await db
          .transaction()
          .execute((trx) => store.record(trx, user.id, 'quota.near_limit', { usedBytes: 1 }, isoAt(Date.now())));
        await eventually('the other process’s event arrives', () => s.events().some((e) => e.id === id), { withinMs: 4_000 });
        expect(s.events().find((e) => e.id === id)!.body).toMatchObject({ type: 'quota.near_limit', data: { usedBytes: 1 } });
      } finally {
        await db.destroy();
      }
    }
  });

  it(`allows ${MAX_EVENT_STREAMS} streams per account, then answers 429 too_many_event_streams`, async () => {
    const user = await createUser(server);
    const streams = await Promise.all(Array.from({ length: MAX_EVENT_STREAMS }, () => stream(user.token)));
    expect(streams.map((s) => s.status)).toEqual(Array(MAX_EVENT_STREAMS).fill(200));
    const refused = await server.api.get('/api/v2/events', { token: user.token });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_event_streams');
    // Another account is not held back by this one.
    const other = await createUser(server);
    expect((await stream(other.token)).status).toBe(200);
    // A closed stream frees its place.
    streams[0]!.close();
    await eventually('the closed stream is let go', () => server.app.events.count(user.id) === MAX_EVENT_STREAMS - 1, { withinMs: 5_000 });
    expect((await stream(user.token)).status).toBe(200);
  });

  it('takes a files:read token, refuses one without it and one limited to a group', async () => {
    const user: TestUser = await createUser(server);
    const reader = await createApiToken(server, user, { name: 'reader', expiresInDays: 1, scopes: ['files:read'] });
    expect((await stream(reader.token)).status).toBe(200);
    const pinner = await createApiToken(server, user, { name: 'pinner', expiresInDays: 1, scopes: ['pins:write'] });
    const noScope = await server.api.get('/api/v2/events', { token: pinner.token });
    expect(noScope.status).toBe(403);
    expect(noScope.body.code).toBe('insufficient_scope');
    const group = await server.api.post('/api/v2/groups', { name: 'album' }, { token: user.token });
    expect(group.status, group.text).toBe(201);
    const limited = await createApiToken(server, user, { name: 'album', expiresInDays: 1, scopes: ['all'], groupId: group.body.id });
    const refused = await server.api.get('/api/v2/events', { token: limited.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('insufficient_scope');
    expect((await server.api.get('/api/v2/events')).status).toBe(401);
  });
});

describe.each(DRIVERS)('GET /api/v2/events when the server stops (%s)', (driver) => {
  it('ends open streams at once: stopping does not wait for them', async () => {
    const server = await startTestServer({ driver });
    let s: OpenStream | undefined;
    try {
      const user = await createUser(server);
      s = await openEventStream(server.url, user.token);
      await eventually('the stream is open', () => s!.messages.length > 0, { withinMs: 5_000 });
    } finally {
      const started = Date.now();
      // A grace far longer than the test may take: only requests still running would use it.
      await server.close(60_000);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    await eventually('the stream ended', () => s!.ended(), { withinMs: 5_000 });
  });
});
