import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { checkWebhookUrl } from '../../commands/webhooks/endpoints';
import { createApiToken, createUser, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

// A public address written as a literal: creating an endpoint resolves nothing and sends nothing.
const PUBLIC_URL = 'https://93.184.216.34/cairn';

describe.each(DRIVERS)('webhook endpoints (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  const api = () => server.api;
  const create = async (user: TestUser, body: Record<string, unknown> = { url: PUBLIC_URL, events: ['upload.created'] }) => {
    const res = await api().post('/api/v2/webhooks', body, { token: user.token });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; secret: string; url: string };
  };

  it('creates, lists, reads, changes and deletes endpoints; the secret is shown once and kept sealed', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const created = await create(user, { url: PUBLIC_URL, description: ' Invoices ', events: ['upload.created', 'pin.pinned'] });
    expect(created).toMatchObject({
      url: PUBLIC_URL,
      description: 'Invoices',
      events: ['upload.created', 'pin.pinned'],
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const read = await api().get(`/api/v2/webhooks/${created.id}`, { token: user.token });
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    expect(read.text).not.toContain(created.secret);
    const listed = await api().get('/api/v2/webhooks', { token: user.token });
    expect(listed.body.webhooks.map((w: { id: string }) => w.id)).toEqual([created.id]);
    expect(listed.text).not.toContain(created.secret);
    const stored = await server.app.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(6));

    const changed = await api().patch(
      `/api/v2/webhooks/${created.id}`,
      { events: ['record.deleted'], description: 'Deletions', enabled: false },
      { token: user.token },
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ events: ['record.deleted'], description: 'Deletions', enabled: false, url: PUBLIC_URL });

    // Another account's endpoint, or an id that is no UUID, is not found, whatever the request.
    for (const res of [
      await api().get(`/api/v2/webhooks/${created.id}`, { token: other.token }),
      await api().patch(`/api/v2/webhooks/${created.id}`, { enabled: true }, { token: other.token }),
      await api().delete(`/api/v2/webhooks/${created.id}`, { token: other.token }),
      await api().get('/api/v2/webhooks/not-a-uuid', { token: user.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('webhook_not_found');
    }
    expect((await api().get('/api/v2/webhooks', { token: other.token })).body.webhooks).toEqual([]);

    expect((await api().delete(`/api/v2/webhooks/${created.id}`, { token: user.token })).body).toEqual({ deleted: true });
    expect((await api().get(`/api/v2/webhooks/${created.id}`, { token: user.token })).status).toBe(404);
  });

  it('turning an endpoint back on forgets why the server turned it off', async () => {
    const user = await createUser(server);
    const created = await create(user);
    await server.app.db
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: 'failing', consecutive_failures: 15 })
      .where('id', '=', created.id)
      .execute();
    const res = await api().patch(`/api/v2/webhooks/${created.id}`, { enabled: true }, { token: user.token });
    expect(res.body).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
  });

  it('refuses unknown, missing or repeated events and URLs that are not http(s)', async () => {
    const user = await createUser(server);
    for (const body of [
      { url: PUBLIC_URL, events: ['upload.exploded'] },
      { url: PUBLIC_URL, events: [] },
      { url: PUBLIC_URL, events: ['pin.pinned', 'pin.pinned'] },
      { url: PUBLIC_URL },
      { url: 'ftp://93.184.216.34/x', events: ['pin.pinned'] },
      { url: 'not a url', events: ['pin.pinned'] },
      { url: `https://93.184.216.34/${'a'.repeat(2048)}`, events: ['pin.pinned'] },
    ]) {
      const res = await api().post('/api/v2/webhooks', body, { token: user.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
    const created = await create(user);
    expect((await api().patch(`/api/v2/webhooks/${created.id}`, {}, { token: user.token })).body.code).toBe('validation_error');
    expect((await api().get('/api/v2/webhooks', { token: user.token })).body.webhooks).toHaveLength(1);
  });

  it('refuses private, loopback, link-local and unspecified targets, at creation and on change (SSRF)', async () => {
    const user = await createUser(server);
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'https://user:pass@93.184.216.34/hook',
    ]) {
      const res = await api().post('/api/v2/webhooks', { url, events: ['pin.pinned'] }, { token: user.token });
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe('webhook_url_refused');
    }
    const created = await create(user);
    const res = await api().patch(`/api/v2/webhooks/${created.id}`, { url: 'http://127.0.0.1/' }, { token: user.token });
    expect(res.body.code).toBe('webhook_url_refused');
    expect((await api().get(`/api/v2/webhooks/${created.id}`, { token: user.token })).body.url).toBe(PUBLIC_URL);
  });

  it('keeps an account to 20 endpoints, even when they are created all at once', async () => {
    const user = await createUser(server);
    const results = await Promise.all(
      Array.from({ length: 24 }, () => api().post('/api/v2/webhooks', { url: PUBLIC_URL, events: ['pin.pinned'] }, { token: user.token })),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(20);
    const refused = results.filter((res) => res.status !== 201);
    expect(refused.map((res) => res.body.code)).toEqual(Array(4).fill('webhook_limit_reached'));
    expect((await api().get('/api/v2/webhooks', { token: user.token })).body.webhooks).toHaveLength(20);
  });

  it('needs a full-access credential', async () => {
    const user = await createUser(server);
    const limited = await createApiToken(server, user, { name: 'reader', expiresInDays: 30, scopes: ['files:read'] });
    const res = await api().get('/api/v2/webhooks', { token: limited.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
    const full = await createApiToken(server, user);
    expect((await api().get('/api/v2/webhooks', { token: full.token })).status).toBe(200);
    expect((await api().get('/api/v2/webhooks')).status).toBe(401);
  });
});

describe('webhook URLs in production', () => {
  const app = (production: boolean) => ({ config: { production, webhooksAllowPrivateTargets: true } }) as AppContext;

  it('must use https there, and may use http elsewhere', async () => {
    await expect(checkWebhookUrl(app(true), 'http://93.184.216.34/hook')).rejects.toMatchObject({ code: 'webhook_url_refused' });
    expect(await checkWebhookUrl(app(true), 'https://93.184.216.34/hook')).toBe('https://93.184.216.34/hook');
    expect(await checkWebhookUrl(app(false), 'http://127.0.0.1:9000/hook')).toBe('http://127.0.0.1:9000/hook');
  });
});
