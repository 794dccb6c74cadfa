import http from 'node:http';
import { MAX_FILE_BYTES } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { createUser, fileForm, setStorageLimit, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { multipartBody, zeros } from '../../../test/multipart';

async function recordCount(server: TestServer, userId: string): Promise<number> {
  const row = await server.app.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function accounting(server: TestServer, userId: string) {
  const user = await server.app.stores.users.findById(userId);
  return { used: Number(user!.storage_used), reserved: Number(user!.storage_reserved) };
}

describe.each(DRIVERS)('upload abuse (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    // Six uploads at once from one account below: allowed here, so that only the quota decides.
    server = await startTestServer({ driver, config: { uploadsPerAccount: 6 } });
  });
  afterAll(() => server.close());

  it('refuses an upload over the quota with 403 and records nothing', async () => {
    const user = await createUser(server);
    await setStorageLimit(server, user, 1000);
    await uploadFile(server, user, 'small.bin', new Uint8Array(600));
    const res = await server.api.request('POST', '/api/v2/upload', {
      token: user.token,
      body: fileForm([{ name: 'big.bin', content: new Uint8Array(500) }]),
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'quota_exceeded', error: 'Storage quota exceeded: delete files or upgrade your plan' });
    expect(await recordCount(server, user.id)).toBe(1);
    expect(await accounting(server, user.id)).toEqual({ used: 600, reserved: 0 });
    const usage = await server.api.get('/api/v2/users/me/usage', { token: user.token });
    expect(usage.body).toMatchObject({ used: 600, limit: 1000, percent: 60, limitReached: false });
  });

  it('lets concurrent uploads together never overshoot the quota', async () => {
    const user = await createUser(server);
    await setStorageLimit(server, user, 10 * 1024 * 1024);
    const uploads = Array.from({ length: 6 }, (_, i) =>
      server.api.request('POST', '/api/v2/upload', {
        token: user.token,
        body: fileForm([{ name: `race-${i}.bin`, content: new Uint8Array(3 * 1024 * 1024).fill(i + 1) }]),
      }),
    );
    const statuses = (await Promise.all(uploads)).map((r) => r.status);
    const stored = statuses.filter((s) => s === 201).length;
    // Which uploads win depends on interleaving; that the total never passes the limit does not.
    expect(stored).toBeGreaterThanOrEqual(1);
    expect(stored).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(6 - stored);
    expect(await accounting(server, user.id)).toEqual({ used: stored * 3 * 1024 * 1024, reserved: 0 });
    expect(await recordCount(server, user.id)).toBe(stored);
  });

  it('answers a truncated multipart body with 400 and records nothing', async () => {
    const user = await createUser(server);
    const { body, contentType } = multipartBody([{ filename: 'cut.bin', content: new Uint8Array(200_000).fill(7) }], {
      truncateAfter: 100_000,
    });
    const res = await fetch(`${server.url}/api/v2/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_multipart');
    expect(await recordCount(server, user.id)).toBe(0);
    expect(await accounting(server, user.id)).toEqual({ used: 0, reserved: 0 });
  });

  it('leaves no record and no charge when the client disconnects mid-upload', async () => {
    const user = await createUser(server);
    const { port } = new URL(server.url);
    const boundary = 'cairnabort';
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v2/upload',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gone.bin"\r\n\r\n`);
    for (let i = 0; i < 8; i++) req.write(Buffer.alloc(1024 * 1024, i));
    // Cut only once the server is storing the file: it has reserved quota for the bytes it took.
    await eventually('the upload is streaming', async () => (await accounting(server, user.id)).reserved > 0);
    req.destroy();
    const reservations = () => server.app.db.selectFrom('quota_reservations').selectAll().where('user_id', '=', user.id).execute();
    await eventually(
      'the reservation is given back',
      async () => (await accounting(server, user.id)).reserved === 0 && (await reservations()).length === 0,
      { everyMs: 100 },
    );
    expect(await accounting(server, user.id)).toEqual({ used: 0, reserved: 0 });
    expect(await recordCount(server, user.id)).toBe(0);
    expect(await server.app.db.selectFrom('quota_reservations').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('refuses a declared body over 4 GB at once with 413', async () => {
    const user = await createUser(server);
    const { port } = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v2/upload',
          headers: {
            authorization: `Bearer ${user.token}`,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(MAX_FILE_BYTES + 2 * 1024 * 1024),
          },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(status).toBe(413);
  });

  it('rejects directory paths that try to escape the tree', async () => {
    const user = await createUser(server);
    for (const name of ['../evil.txt', 'dir/../../evil.txt', '/etc/passwd', 'dir//a.txt']) {
      const { body, contentType } = multipartBody([{ filename: name, content: new TextEncoder().encode('x') }]);
      const res = await fetch(`${server.url}/api/v2/upload/directory?mode=dag`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { code: string }).code, name).toBe('invalid_path');
    }
    expect(await recordCount(server, user.id)).toBe(0);
  });
});

describe('a 4 GB + 1 byte upload streamed without a declared length', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'sqlite' });
  });
  afterAll(() => server.close());

  it('is refused with 413 once the cap is crossed, and records nothing', { timeout: 240_000 }, async () => {
    const user = await createUser(server);
    await setStorageLimit(server, user, 8 * 1024 ** 3);
    const { body, contentType } = multipartBody([{ filename: 'huge.bin', content: zeros(MAX_FILE_BYTES + 1) }]);
    const res = await fetch(`${server.url}/api/v2/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
      body,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => ({ status: -1, error }));
    expect(res.status).toBe(413);
    expect(await recordCount(server, user.id)).toBe(0);
    expect(await accounting(server, user.id)).toEqual({ used: 0, reserved: 0 });
  });
});
