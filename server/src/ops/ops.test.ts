import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../config/config';
import { createLogger } from '../lib/logger';
import { startServer, type RunningServer } from '../server';
import { sweepOnce, PIN_JOB_RETENTION_MS } from '../commands/maintenance/sweeper';
import { newId } from '../lib/ids';
import { createAdmin, createApiToken, createUser, uploadFile } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { eventually } from '../../test/eventually';

describe.each(DRIVERS)('operations endpoints (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('answers /healthz, and /readyz once the database and the content engine answer', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', content: 'ok' } });
  });

  it('answers /readyz 503 at once while draining, whatever a dependency takes', async () => {
    const isPinned = server.app.content.isPinned.bind(server.app.content);
    // A content engine too busy to answer within the probe's 2 s.
    server.app.content.isPinned = () => new Promise(() => undefined);
    server.app.draining = true;
    try {
      const started = Date.now();
      const draining = await fetch(`${server.url}/readyz`);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect([draining.status, await draining.json()]).toEqual([503, { status: 'not_ready', checks: { server: 'draining' } }]);
    } finally {
      server.app.draining = false;
      server.app.content.isPinned = isPinned;
    }
  });

  it('serves Prometheus metrics to an administrator only', async () => {
    const user = await createUser(server);
    await uploadFile(server, user, 'counted.txt', 'twelve bytes');
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${user.token}` } })).status).toBe(403);
    const admin = await createAdmin(server);
    const token = await createApiToken(server, admin);
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token.token}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/cairn_http_requests_total\{method="POST",route="\/api\/v2\/upload",status="201"\} [1-9]/);
    expect(text).toContain('cairn_http_request_duration_seconds_bucket');
    expect(text).toMatch(/cairn_uploads_total\{result="stored"\} [1-9]/);
    expect(text).toMatch(/cairn_upload_bytes_total [1-9]/);
    expect(text).toContain('cairn_pin_queue_depth{status="queued"} 0');
    expect(text).toContain('cairn_engine_errors_total');
  });

  it('prunes rate-limit windows long over and pin jobs long finished, keeping the rest', async () => {
    const user = await createUser(server);
    const now = Date.now();
    const old = new Date(now - PIN_JOB_RETENTION_MS - 60_000).toISOString();
    await server.app.db
      .insertInto('request_limits')
      .values([
        { key: 'test:old', points: 1, expire: Date.parse('2020-01-01T00:01:00.000Z') },
        { key: 'test:fresh', points: 1, expire: now + 60_000 },
      ])
      .execute();
    const counter = (key: string) => server.app.db.selectFrom('request_limits').select('points').where('key', '=', key).executeTakeFirst();
    const job = (status: 'failed' | 'queued') => ({
      id: newId(),
      user_id: user.id,
      cid: 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku',
      original_name: null,
      custom_name: null,
      status,
      bytes_fetched: 0,
      blocks: 0,
      error: null,
      error_code: null,
      upload_id: null,
      claimed_by: null,
      created_at: old,
      updated_at: old,
    });
    const finished = job('failed');
    await server.app.stores.pinJobs.insert(finished);
    const report = await sweepOnce(server.app, now);
    expect(report.rateLimitsPruned).toBeGreaterThanOrEqual(1);
    expect(report.pinJobsPruned).toBeGreaterThanOrEqual(1);
    expect(await counter('test:old')).toBeUndefined();
    expect(await counter('test:fresh')).toBeDefined();
    expect(await server.app.stores.pinJobs.findForUser(user.id, finished.id)).toBeUndefined();
  });
});

describe('access log', () => {
  let server: RunningServer;
  const lines: Array<Record<string, unknown>> = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-log-'));
  beforeAll(async () => {
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    const config = {
      ...buildConfig({ port: '0', host: '127.0.0.1', dataDir, logLevel: 'info', staticDir: '' }),
      argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    };
    server = await startServer(config, createLogger('info', out));
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes one JSON line per request with its id, method, route, status, ms and user, and no secret', async () => {
    const signup = await fetch(`${server.url}/api/v2/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada',
        lastname: 'Lovelace',
        country: 'GB',
        birthDate: '10/12/1990',
        language: 'en',
        email: 'log@example.com',
        password: 'hunter2-secret',
      }),
    });
    expect(signup.status).toBe(201);
    const login = await fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'log@example.com', password: 'hunter2-secret' }),
    });
    const { token } = (await login.json()) as { token: string };
    const me = await fetch(`${server.url}/api/v2/users/me?token=${token}`, { headers: { Authorization: `Bearer ${token}` } });
    const user = (await me.json()) as { id: string };
    const isLine = (l: (typeof lines)[number]) => l.message === 'request' && l.requestId === me.headers.get('x-request-id');
    await eventually('the request is logged', () => lines.some(isLine));
    const line = lines.find(isLine);
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/v2/users/me', status: 200, userId: user.id });
    expect(typeof line!.ms).toBe('number');
    expect(lines.some((l) => l.message === 'recovery at start')).toBe(true);
    const all = JSON.stringify(lines);
    expect(all).not.toContain(token);
    expect(all).not.toContain('hunter2-secret');
  });
});
