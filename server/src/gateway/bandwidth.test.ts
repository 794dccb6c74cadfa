import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../commands/bandwidth/bandwidth-meter';
import { createApiToken, createUser, uploadFile, type TestUser } from '../../test/factories';
import { DRIVERS, startTestServer } from '../../test/harness';
import { eventually } from '../../test/eventually';
import { serverSuite, withAdmin, type ServerSuite } from '../../test/suites';

/** Bytes no other test stores: a file of several blocks. */
const bytesOf = (size: number) => {
  const seed = crypto.randomBytes(4).readUInt32BE();
  return new Uint8Array(size).map((_, i) => (i * 31 + seed) % 251);
};
/** No flush on a timer: a test flushes when it means to. */
const HOUR_MS = 3_600_000;

const rowsOf = (suite: ServerSuite, uploadId: string) =>
  suite.server.app.db.selectFrom('bandwidth_daily').selectAll().where('upload_id', '=', uploadId).execute();
const received = async (res: Response) => (await res.arrayBuffer()).byteLength;

describe.each(DRIVERS)('gateway bandwidth per record (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver, { bandwidth: { enabled: true, flushMs: HOUR_MS } }));
  let owner: TestUser;
  let other: TestUser;
  const gateway = (path: string, init?: RequestInit) => fetch(`${suite.server.url}${path}`, init);
  /** Until the meter has this account's answers in memory (a response is counted as it closes). */
  const counted = (user: TestUser, bytes: number) =>
    eventually(`${bytes} bytes are counted`, async () => (await suite.server.app.bandwidth.standing(user.id)).usedBytes === bytes);

  beforeAll(async () => {
    owner = await createUser(suite.server);
    other = await createUser(suite.server);
  });

  it('counts the bytes a client receives (whole, a range, a CAR) in memory, and writes them only on a flush', async () => {
    const file = await uploadFile(suite.server, owner, 'data.bin', bytesOf(700 * 1024));
    const whole = await received(await gateway(`/ipfs/${file.cid}`));
    expect(whole).toBe(700 * 1024);
    const range = await gateway(`/ipfs/${file.cid}`, { headers: { range: 'bytes=1000-300999' } });
    expect(range.status).toBe(206);
    const part = await received(range);
    expect(part).toBe(300_000);
    const car = await received(await gateway(`/ipfs/${file.cid}?format=car`));
    expect(car).toBeGreaterThan(700 * 1024);
    const head = await gateway(`/ipfs/${file.cid}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    await counted(owner, whole + part + car);

    // Four answers, and still no row: nothing is written per request.
    expect(await rowsOf(suite, file.uploadId)).toEqual([]);
    await suite.server.app.bandwidth.flush();
    const rows = await rowsOf(suite, file.uploadId);
    expect(rows.map((row) => ({ ...row, bytes: Number(row.bytes), requests: Number(row.requests) }))).toEqual([
      { upload_id: file.uploadId, user_id: owner.id, day: utcDay(Date.now()), bytes: whole + part + car, requests: 4 },
    ]);

    // A second flush adds to the row rather than replacing it.
    await received(await gateway(`/ipfs/${file.cid}`));
    await counted(owner, 2 * whole + part + car);
    await suite.server.app.bandwidth.flush();
    expect(Number((await rowsOf(suite, file.uploadId))[0]!.bytes)).toBe(2 * whole + part + car);
    expect(Number((await rowsOf(suite, file.uploadId))[0]!.requests)).toBe(5);

    const usage = await suite.server.api.get(`/api/v2/users/me/usage/bandwidth`, { token: owner.token });
    expect(usage.status).toBe(200);
    expect(usage.body.month).toMatchObject({ bytes: 2 * whole + part + car, requests: 5, limitBytes: null, limitReached: false });
    expect(usage.body.days.find((day: { date: string }) => day.date === utcDay(Date.now()))).toEqual({
      date: utcDay(Date.now()),
      bytes: 2 * whole + part + car,
      requests: 5,
    });
    expect(usage.body.top[0]).toMatchObject({ uploadId: file.uploadId, name: 'data.bin', bytes: 2 * whole + part + car });

    const own = await suite.server.api.get(`/api/v2/uploads/${file.uploadId}/bandwidth`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ uploadId: file.uploadId, bytes: 2 * whole + part + car, requests: 5 });
  });

  it("answers 404 for another account's record, and counts nothing for a block inside a DAG", async () => {
    const file = await uploadFile(suite.server, owner, 'mine.bin', bytesOf(1000));
    const res = await suite.server.api.get(`/api/v2/uploads/${file.uploadId}/bandwidth`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('file_not_found');
    const bad = await suite.server.api.get(`/api/v2/uploads/${file.uploadId}/bandwidth?from=2025-02-30`, { token: owner.token });
    expect(bad.status).toBe(400);
  });

  it('keeps a token limited to one group off the account figures and off files outside its group', async () => {
    const album = (await suite.server.api.post('/api/v2/groups', { name: `album-${driver}` }, { token: owner.token })).body;
    const inside = await uploadFile(suite.server, owner, 'inside.bin', bytesOf(100), `?groupId=${album.id}`);
    const outside = await uploadFile(suite.server, owner, 'outside.bin', bytesOf(100));
    const token = (await createApiToken(suite.server, owner, { name: 'album', expiresInDays: 1, scopes: ['all'], groupId: album.id }))
      .token;
    expect((await suite.server.api.get(`/api/v2/users/me/usage/bandwidth`, { token })).status).toBe(403);
    expect((await suite.server.api.get(`/api/v2/uploads/${inside.uploadId}/bandwidth`, { token })).status).toBe(200);
    expect((await suite.server.api.get(`/api/v2/uploads/${outside.uploadId}/bandwidth`, { token })).status).toBe(404);
  });

  it('charges a signed link to its private record', async () => {
    const file = await uploadFile(suite.server, other, 'secret.bin', bytesOf(5000), '?private=true');
    const link = await suite.server.api.post(`/api/v2/files/${file.uploadId}/links`, { expiresIn: 600 }, { token: other.token });
    expect(link.status).toBe(201);
    const res = await fetch(link.body.url.replace(/^https?:\/\/[^/]+/, suite.server.url));
    expect(await received(res)).toBe(5000);
    await counted(other, 5000);
    await suite.server.app.bandwidth.flush();
    expect((await rowsOf(suite, file.uploadId)).map((row) => Number(row.bytes))).toEqual([5000]);
  });

  it('refuses (429) content of an account past a blocking allowance, and keeps serving on a plan that says so', async () => {
    const admin = suite.admin;
    const plan = (code: string, egressOverLimit: string) =>
      suite.server.api.post(
        '/api/v2/admin/plans',
        { code, name: code, storageLimitBytes: 10 * 1024 * 1024, priceMonthlyEur: 0, egressLimitBytes: 4000, egressOverLimit },
        { token: admin.token },
      );
    const blocking = await plan(`egress-block-${driver}`, 'block');
    expect(blocking.status).toBe(201);
    expect(blocking.body).toMatchObject({ egressLimitBytes: 4000, egressOverLimit: 'block' });
    expect((await plan(`egress-serve-${driver}`, 'serve')).status).toBe(201);

    const limited = await createUser(suite.server);
    await suite.server.app.stores.users.update(limited.id, { plan_code: `egress-block-${driver}` });
    const file = await uploadFile(suite.server, limited, 'big.bin', bytesOf(5000));
    expect((await gateway(`/ipfs/${file.cid}`)).status).toBe(200);
    await counted(limited, 5000);
    const refused = await gateway(`/ipfs/${file.cid}`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'bandwidth_limit_exceeded' });
    const usage = await suite.server.api.get(`/api/v2/users/me/usage/bandwidth`, { token: limited.token });
    expect(usage.body.month).toMatchObject({ bytes: 5000, limitBytes: 4000, overLimit: 'block', limitReached: true, percent: 100 });

    const generous = await createUser(suite.server);
    await suite.server.app.stores.users.update(generous.id, { plan_code: `egress-serve-${driver}` });
    const served = await uploadFile(suite.server, generous, 'big.bin', bytesOf(5000));
    expect((await gateway(`/ipfs/${served.cid}`)).status).toBe(200);
    await counted(generous, 5000);
    expect((await gateway(`/ipfs/${served.cid}`)).status).toBe(200);
  });

  it('gives administrators every account and the total over a period', async () => {
    const user = await createUser(suite.server);
    const file = await uploadFile(suite.server, user, 'shared.bin', bytesOf(9000));
    expect(await received(await gateway(`/ipfs/${file.cid}`))).toBe(9000);
    await counted(user, 9000);
    await suite.server.app.bandwidth.flush();
    const res = await suite.server.api.get('/api/v2/admin/stats/bandwidth?period=7d', { token: suite.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.accounts).toContainEqual({ userId: user.id, email: user.email, bytes: 9000, requests: 1 });
    const sum = (rows: { bytes: number }[]) => rows.reduce((total, row) => total + row.bytes, 0);
    expect(res.body.bytes).toBe(sum(res.body.accounts));
    expect(res.body.bytes).toBe(sum(res.body.days));
    expect((await suite.server.api.get('/api/v2/admin/stats/bandwidth', { token: user.token })).status).toBe(403);
    expect((await suite.server.api.get('/api/v2/admin/stats/bandwidth?period=2w', { token: suite.admin.token })).status).toBe(400);
  });
});

describe.each(DRIVERS)('gateway bandwidth at shutdown (%s)', (driver) => {
  it('writes what it counted when the server stops', async () => {
    const server = await startTestServer({ driver, config: { bandwidth: { enabled: true, flushMs: HOUR_MS } } });
    let written: { bytes: number; requests: number }[] = [];
    try {
      const user = await createUser(server);
      const file = await uploadFile(server, user, 'last.bin', bytesOf(3000));
      expect((await (await fetch(`${server.url}/ipfs/${file.cid}`)).arrayBuffer()).byteLength).toBe(3000);
      await eventually('the download is counted', async () => (await server.app.bandwidth.standing(user.id)).usedBytes === 3000);
      // What the flush at stop wrote, read before the database closes.
      const store = server.app.stores.bandwidth;
      const add = store.add.bind(store);
      store.add = async (counts) => {
        await add(counts);
        written = (
          await server.app.db.selectFrom('bandwidth_daily').select(['bytes', 'requests']).where('upload_id', '=', file.uploadId).execute()
        ).map((row) => ({ bytes: Number(row.bytes), requests: Number(row.requests) }));
      };
      expect(written).toEqual([]);
    } finally {
      await server.close();
    }
    expect(written).toEqual([{ bytes: 3000, requests: 1 }]);
  });
});

describe.each(DRIVERS)('gateway bandwidth of a deleted account (%s)', (driver) => {
  const suite = serverSuite(driver, { bandwidth: { enabled: true, flushMs: HOUR_MS } });

  it('drops the counts of an account deleted before the flush, and writes the others', async () => {
    const gone = await createUser(suite.server);
    const kept = await createUser(suite.server);
    const goneFile = await uploadFile(suite.server, gone, 'gone.bin', bytesOf(2000));
    const keptFile = await uploadFile(suite.server, kept, 'kept.bin', bytesOf(3000));
    for (const cid of [goneFile.cid, keptFile.cid]) await (await fetch(`${suite.server.url}/ipfs/${cid}`)).arrayBuffer();
    await eventually('both downloads are counted', async () => (await suite.server.app.bandwidth.standing(kept.id)).usedBytes === 3000);
    await eventually('both downloads are counted', async () => (await suite.server.app.bandwidth.standing(gone.id)).usedBytes === 2000);
    await suite.server.app.db.deleteFrom('users').where('id', '=', gone.id).execute();
    await suite.server.app.bandwidth.flush();
    expect(suite.server.app.bandwidth.waiting).toBe(0);
    expect((await rowsOf(suite, keptFile.uploadId)).map((row) => Number(row.bytes))).toEqual([3000]);
    expect(await rowsOf(suite, goneFile.uploadId)).toEqual([]);
  });
});

describe('gateway bandwidth over several instances (pg)', () => {
  it("adds each instance's counts to the same row when they flush at once", async () => {
    const config = { bandwidth: { enabled: true, flushMs: HOUR_MS } };
    const a = await startTestServer({ driver: 'pg', config });
    const b = await startTestServer({ driver: 'pg', config, shareWith: a });
    try {
      const user = await createUser(a);
      const file = await uploadFile(a, user, 'both.bin', bytesOf(4000));
      expect((await (await fetch(`${a.url}/ipfs/${file.cid}`)).arrayBuffer()).byteLength).toBe(4000);
      await eventually('A counted its download', async () => (await a.app.bandwidth.standing(user.id)).usedBytes === 4000);
      // B's embedded engine holds no copy of the content (one data directory each): its counts are added as its gateway would.
      for (let i = 0; i < 2; i++) b.app.bandwidth.add({ uploadId: file.uploadId, userId: user.id }, 4000);
      await Promise.all([a.app.bandwidth.flush(), b.app.bandwidth.flush()]);
      const rows = await a.app.db.selectFrom('bandwidth_daily').selectAll().where('upload_id', '=', file.uploadId).execute();
      expect(rows.map((row) => [Number(row.bytes), Number(row.requests)])).toEqual([[12_000, 3]]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
