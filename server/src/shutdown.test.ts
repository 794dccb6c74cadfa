import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { spawnServer, type ServerProcess } from '../test/process';
import { slowUpload } from '../test/slow-upload';

const ADMIN = { email: 'ops@example.com', password: 'stop-cleanly-42' };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A GET on a connection of `agent`, or a fresh one; the status, headers and JSON body. */
function get(url: string, options: { token?: string; agent?: http.Agent } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = options.token ? { Authorization: `Bearer ${options.token}` } : {};
    const req = http.get(url, { headers, agent: options.agent ?? false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as Record<string, unknown> }),
      );
    });
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error(`GET ${url} timed out`)));
  });
}

async function logIn(url: string): Promise<string> {
  const login = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await login.json()) as { token: string }).token;
}

/** The data directory's records, reservations and charges, read beside the running server (WAL). */
function accounts(dataDir: string) {
  const db = new Database(path.join(dataDir, 'cairn.sqlite'), { readonly: true });
  try {
    return {
      uploads: db.prepare('select name, charged_bytes as charged from uploads order by name').all() as Array<{
        name: string;
        charged: number;
      }>,
      reservations: (db.prepare('select count(*) as n from quota_reservations').get() as { n: number }).n,
      ...(db.prepare('select sum(storage_used) as used, sum(storage_reserved) as reserved from users').get() as {
        used: number;
        reserved: number;
      }),
    };
  } finally {
    db.close();
  }
}

describe('stopping the server', () => {
  let proc: ServerProcess | undefined;
  afterEach(() => {
    proc?.kill();
    if (proc) fs.rmSync(proc.dataDir, { recursive: true, force: true });
    proc = undefined;
  });

  it('on SIGTERM, answers /readyz 503 while it still serves every request for the drain time, then closes and exits', async () => {
    proc = await spawnServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SHUTDOWN_DRAIN_SECONDS: '3',
      SHUTDOWN_GRACE_SECONDS: '5',
    });
    const { url, dataDir } = proc;
    const token = await logIn(url);
    const keepAlive = new http.Agent({ keepAlive: true });
    const ready = await get(`${url}/readyz`, { agent: keepAlive });
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(ready.headers.connection).toBe('keep-alive');
    const finishing = slowUpload(url, token, { firstBytes: 64 * 1024, name: 'finishing.bin' });
    const cut = slowUpload(url, token, { firstBytes: 1024 * 1024, name: 'cut.bin' });
    await eventually('both uploads stream', async () => accounts(dataDir).reservations === 2);

    const sent = Date.now();
    proc.child.kill('SIGTERM');
    await eventually(
      '/readyz reports the drain',
      async () => {
        const readyz = await get(`${url}/readyz`);
        return readyz.status === 503 && (readyz.body.checks as Record<string, string>).server === 'draining';
      },
      { withinMs: 2_500 },
    );
    // Served as before, on new connections too; each answer closes its connection, so that a
    // client's pool opens the next one elsewhere.
    expect((await get(`${url}/healthz`)).status).toBe(200);
    const me = await get(`${url}/api/v2/users/me`, { token, agent: keepAlive });
    expect(me).toMatchObject({ status: 200, body: { email: ADMIN.email } });
    expect(me.headers.connection).toBe('close');
    finishing.finish();
    expect(await finishing.status).toBe(201);

    const { code, at } = await proc.exited;
    keepAlive.destroy();
    cut.req.destroy();
    expect(code).toBe(0);
    expect(at - sent).toBeGreaterThanOrEqual(3_000);
    expect(at - sent).toBeLessThan(3_000 + 10_000);
    // Still streaming when the listener closed: aborted, with no record and no charge.
    expect([0, 503]).toContain(await cut.status);
    const after = accounts(dataDir);
    expect(after.uploads.map((upload) => upload.name)).toEqual(['finishing.bin']);
    expect(after).toMatchObject({ reservations: 0, used: after.uploads[0]!.charged, reserved: 0 });
    const said = proc.lines().map((line) => line.message);
    expect(said.indexOf('draining')).toBeGreaterThan(said.indexOf('Cairn is running'));
    expect(said.indexOf('closing')).toBeGreaterThan(said.indexOf('draining'));
    expect(said.indexOf('stopped')).toBeGreaterThan(said.indexOf('closing'));
  }, 90_000);

  it('on SIGINT, does not drain: it exits within 10 s, aborting an upload in flight with no record and no charge', async () => {
    proc = await spawnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SHUTDOWN_DRAIN_SECONDS: '60' });
    const upload = slowUpload(proc.url, await logIn(proc.url), { firstBytes: 1024 * 1024 });
    const { dataDir } = proc;
    await eventually('the upload streams', async () => accounts(dataDir).reservations === 1);

    const sent = Date.now();
    proc.child.kill('SIGINT');
    const { code, at } = await proc.exited;
    upload.req.destroy();
    expect(code).toBe(0);
    expect(at - sent).toBeLessThan(10_000);
    expect([0, 503]).toContain(await upload.status);
    expect(accounts(dataDir)).toEqual({ uploads: [], reservations: 0, used: 0, reserved: 0 });
    expect(proc.lines().map((line) => line.message)).not.toContain('draining');
  }, 90_000);

  it('cuts a drain short at a second signal', async () => {
    proc = await spawnServer({ SHUTDOWN_DRAIN_SECONDS: '60' });
    const { url } = proc;
    proc.child.kill('SIGTERM');
    await eventually('/readyz reports the drain', async () => (await get(`${url}/readyz`)).status === 503, { withinMs: 10_000 });
    const sent = Date.now();
    proc.child.kill('SIGINT');
    const { code, at } = await proc.exited;
    expect(code).toBe(0);
    expect(at - sent).toBeLessThan(10_000);
    expect(proc.lines().map((line) => line.message)).toContain('drain cut short');
  }, 90_000);
});
