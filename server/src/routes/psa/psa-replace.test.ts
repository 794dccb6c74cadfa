import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentNotFoundError } from '../../content/errors';
import { eventually } from '../../../test/eventually';
import { createApiToken, createUser, setStorageLimit, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { expectPsaError, LOOPBACK_PEERS, psaPinUntil, psaSettled } from '../../../test/psa';

/** Valid CIDs that no node here holds. */
const UNKNOWN_CIDS = [
  'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
  'bafkreie7q3iidccmpvszul7kudcvvuavuo7u6gzlbobczuk5nqk3b4akba',
];
/** A CID whose pin fails at once, as if nobody provided it. */
const FAIL_CID = 'bafkreidon73zkcrwdb5iafqtijxildoonbwnpv7dyd6ef3qdgads2jc4su';
const ALL_STATUSES = '?status=queued,pinning,pinned,failed';

describe.each(DRIVERS)('POST /psa/pins/{requestid} replaces a pin, and races on one request (%s)', (driver) => {
  let server: TestServer;
  /** CIDs whose pin waits until the test opens their gate (or the job is cancelled). */
  const gates = new Map<string, () => void>();
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { pinTimeoutMs: 30_000, ipfs: LOOPBACK_PEERS } });
    const pin = server.app.content.pin.bind(server.app.content);
    server.app.content.pin = async (cid, options) => {
      if (cid === FAIL_CID) throw new ContentNotFoundError(cid);
      if (gates.has(cid) || UNKNOWN_CIDS.includes(cid)) {
        await new Promise<void>((resolve, reject) => {
          if (gates.has(cid)) gates.set(cid, resolve);
          options?.signal?.addEventListener('abort', () => reject(options.signal!.reason));
        });
      }
      return pin(cid, options);
    };
  });
  afterAll(() => server?.close());

  const usage = async (user: TestUser) => (await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used as number;
  const files = async (user: TestUser) =>
    (await server.api.get('/api/v2/users/me/uploads', { token: user.token })).body.files as Array<{ cid: string }>;
  /** Usage equals the bytes of the account's records. */
  async function usageMatchesRecords(user: TestUser) {
    const rows = await server.app.db.selectFrom('uploads').select('size').where('user_id', '=', user.id).execute();
    const row = await server.app.db.selectFrom('users').select('storage_used').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(Number(row.storage_used)).toBe(rows.reduce((sum, r) => sum + Number(r.size), 0));
  }
  const isPinned = (cid: string) => server.app.content.isPinned(cid);

  /** Content only `user` will hold, through a remote pin: another account's upload brings it, then goes. */
  async function pinnedRemotely(user: TestUser, token: string, content: string, name?: string) {
    const owner = await createUser(server);
    const upload = await uploadFile(server, owner, 'source.txt', content);
    const res = await server.api.post('/psa/pins', { cid: upload.cid, ...(name ? { name } : {}) }, { token });
    expect((await psaSettled(server, token, res.body.requestid)).status).toBe('pinned');
    await server.api.delete(`/api/v2/uploads/${upload.uploadId}`, { token: owner.token });
    expect(await isPinned(upload.cid)).toBe(true);
    return { cid: upload.cid, size: upload.size, requestid: res.body.requestid as string };
  }
  /** Content on the node whose pin by `user`'s requests waits at a gate. */
  async function gated(content: string) {
    const owner = await createUser(server);
    const upload = await uploadFile(server, owner, 'gated.txt', content);
    gates.set(upload.cid, () => undefined);
    return { ...upload, owner, open: () => gates.get(upload.cid)!() };
  }
  async function account() {
    const user = await createUser(server);
    return { user, token: (await createApiToken(server, user)).token };
  }

  it('the replaced request is gone at once; its content and record stay until the new pin is done, then go', async () => {
    const { user, token } = await account();
    const old = await pinnedRemotely(user, token, 'version one', 'site');
    const next = await gated('version two, fetched slowly');
    const httpRequest = `replace-${crypto.randomUUID()}`;
    const replaced = await server.api.post(
      `/psa/pins/${old.requestid}`,
      { cid: next.cid, name: 'site' },
      { token, headers: { 'X-Request-Id': httpRequest } },
    );
    expect(replaced.status).toBe(202);
    expect(replaced.body.requestid).not.toBe(old.requestid);
    await psaPinUntil(server, token, replaced.body.requestid, (r) => r.body.status === 'pinning');
    // The new job and the hold on the old content keep the HTTP request that queued them (logged with them).
    const job = await server.app.db
      .selectFrom('pin_jobs')
      .select(['id', 'request_id'])
      .where('user_id', '=', user.id)
      .where('cid', '=', next.cid)
      .executeTakeFirstOrThrow();
    expect(job.request_id).toBe(httpRequest);
    const holds = await server.app.db.selectFrom('jobs').select(['cid', 'request_id']).where('pin_job_id', '=', job.id).execute();
    expect(holds).toEqual([{ cid: old.cid, request_id: httpRequest }]);
    expectPsaError(await server.api.get(`/psa/pins/${old.requestid}`, { token }), 404, 'NOT_FOUND');
    const listed = (await server.api.get(`/psa/pins${ALL_STATUSES}`, { token })).body;
    expect(listed.results.map((r: { requestid: string }) => r.requestid)).toEqual([replaced.body.requestid]);
    // Its record stays in My files, charged, and its content pinned, until the new pin is done.
    expect((await files(user)).map((f) => f.cid)).toEqual([old.cid]);
    expect(await usage(user)).toBe(old.size);
    expect(await isPinned(old.cid)).toBe(true);

    next.open();
    expect((await psaSettled(server, token, replaced.body.requestid)).status).toBe('pinned');
    // The new record and the old one's removal are one transaction.
    expect((await files(user)).map((f) => f.cid)).toEqual([next.cid]);
    expect(await usage(user)).toBe(next.size);
    await eventually('the old content is released', async () => !(await isPinned(old.cid)), { withinMs: 10_000 });
    expect((await fetch(`${server.url}/ipfs/${old.cid}`)).status).toBe(404);
    await usageMatchesRecords(user);
    // The release deletes its own row once it has unpinned.
    await eventually(
      'the release of the old content is over',
      async () => (await server.app.db.selectFrom('jobs').select('id').where('cid', '=', old.cid).execute()).length === 0,
    );
  });

  it('a replacement that fails, or is removed before it is pinned, ends the hold: the old content goes too', async () => {
    const { user, token } = await account();
    const failing = await pinnedRemotely(user, token, 'replaced by a CID nobody holds');
    const failed = (await server.api.post(`/psa/pins/${failing.requestid}`, { cid: FAIL_CID }, { token })).body;
    expect(await psaSettled(server, token, failed.requestid)).toMatchObject({ status: 'failed', info: { error_code: 'cid_not_found' } });
    await eventually('the content of the replaced pin is released', async () => !(await isPinned(failing.cid)), { withinMs: 10_000 });
    expect(await files(user)).toEqual([]);
    expect(await usage(user)).toBe(0);

    const removed = await pinnedRemotely(user, token, 'replaced, then the replacement removed');
    const hanging = (await server.api.post(`/psa/pins/${removed.requestid}`, { cid: UNKNOWN_CIDS[0] }, { token })).body;
    await psaPinUntil(server, token, hanging.requestid, (r) => r.body.status === 'pinning');
    expect(await isPinned(removed.cid)).toBe(true);
    expect((await server.api.delete(`/psa/pins/${hanging.requestid}`, { token })).status).toBe(202);
    await eventually('the content of the replaced pin is released', async () => !(await isPinned(removed.cid)), { withinMs: 10_000 });
    expect(await files(user)).toEqual([]);
    await usageMatchesRecords(user);
  });

  it('replacing a replacement still fetching cancels its fetch and hands the hold on to the newest', async () => {
    const { user, token } = await account();
    const first = await pinnedRemotely(user, token, 'the first version');
    const second = await gated('the second version, never fetched');
    const third = await gated('the third version');
    const r2 = (await server.api.post(`/psa/pins/${first.requestid}`, { cid: second.cid }, { token })).body;
    await psaPinUntil(server, token, r2.requestid, (r) => r.body.status === 'pinning');
    const r3 = (await server.api.post(`/psa/pins/${r2.requestid}`, { cid: third.cid }, { token })).body;
    expectPsaError(await server.api.get(`/psa/pins/${r2.requestid}`, { token }), 404, 'NOT_FOUND');
    const cancelled = await server.app.db
      .selectFrom('pin_jobs')
      .select(['id', 'status', 'error_code'])
      .where('user_id', '=', user.id)
      .where('cid', '=', second.cid)
      .executeTakeFirstOrThrow();
    expect(cancelled).toMatchObject({ status: 'failed', error_code: 'cancelled' });
    await psaPinUntil(server, token, r3.requestid, (r) => r.body.status === 'pinning');
    // The second request's job is over, but the newest is not: the first content is still held,
    // and its record with it.
    const heldFor = (jobId: string) => server.app.db.selectFrom('jobs').select('id').where('pin_job_id', '=', jobId).execute();
    await eventually('the holds the second request had are carried out', async () => (await heldFor(cancelled.id)).length === 0, {
      withinMs: 10_000,
    });
    expect(await isPinned(first.cid)).toBe(true);
    expect((await files(user)).map((f) => f.cid)).toEqual([first.cid]);
    third.open();
    expect((await psaSettled(server, token, r3.requestid)).status).toBe('pinned');
    await eventually('the first content is released', async () => !(await isPinned(first.cid)), { withinMs: 10_000 });
    expect((await files(user)).map((f) => f.cid)).toEqual([third.cid]);
    await usageMatchesRecords(user);
  });

  it('replacing a pin of content the account uploaded keeps the upload', async () => {
    const { user, token } = await account();
    const upload = await uploadFile(server, user, 'report.pdf', '%PDF uploaded and pinned remotely');
    const pin = (await server.api.post('/psa/pins', { cid: upload.cid }, { token })).body;
    await psaSettled(server, token, pin.requestid);
    const owner = await createUser(server);
    const other = await uploadFile(server, owner, 'other.txt', 'what the pin points at now');
    const replaced = (await server.api.post(`/psa/pins/${pin.requestid}`, { cid: other.cid }, { token })).body;
    expect((await psaSettled(server, token, replaced.requestid)).status).toBe('pinned');
    expect((await files(user)).map((f) => f.cid).sort()).toEqual([upload.cid, other.cid].sort());
    expect(await usage(user)).toBe(upload.size + other.size);
    expect((await fetch(`${server.url}/ipfs/${upload.cid}`)).status).toBe(200);
  });

  it('a full account can replace a pin: the replaced record’s bytes count as given back', async () => {
    const { user, token } = await account();
    const old = await pinnedRemotely(user, token, 'fills the plan');
    await setStorageLimit(server, user, old.size);
    const owner = await createUser(server);
    const next = await uploadFile(server, owner, 'same-size.txt', 'fills it again');
    expectPsaError(await server.api.post('/psa/pins', { cid: next.cid }, { token }), 409, 'INSUFFICIENT_FUNDS');
    const replaced = await server.api.post(`/psa/pins/${old.requestid}`, { cid: next.cid }, { token });
    expect(replaced.status).toBe(202);
    expect((await psaSettled(server, token, replaced.body.requestid)).status).toBe('pinned');
    expect(await usage(user)).toBe(next.size);
  });

  it('replacing never frees storage early: replacements of replacements keep the old record charged until the last is over', async () => {
    const { user, token } = await account();
    const old = await pinnedRemotely(user, token, 'fills the plan while replaced');
    await setStorageLimit(server, user, old.size);
    const owner = await createUser(server);
    const other = await uploadFile(server, owner, 'other.txt', 'more than the plan');
    let current = old.requestid;
    for (const cid of UNKNOWN_CIDS) {
      current = (await server.api.post(`/psa/pins/${current}`, { cid }, { token })).body.requestid;
      await psaPinUntil(server, token, current, (r) => r.body.status === 'pinning');
      expect(await usage(user)).toBe(old.size);
      expectPsaError(await server.api.post('/psa/pins', { cid: other.cid }, { token }), 409, 'INSUFFICIENT_FUNDS');
    }
    expect((await files(user)).map((f) => f.cid)).toEqual([old.cid]);
    expect((await server.api.delete(`/psa/pins/${current}`, { token })).status).toBe(202);
    await eventually('the held record goes with the last replacement', async () => (await usage(user)) === 0, { withinMs: 10_000 });
    expect(await files(user)).toEqual([]);
    await eventually('the held content is released', async () => !(await isPinned(old.cid)), { withinMs: 10_000 });
  });

  it('forty concurrent removals of one request: one 202, the rest 404, and usage falls once', async () => {
    const { user, token } = await account();
    const kept = await pinnedRemotely(user, token, 'another record of the account');
    const pin = await pinnedRemotely(user, token, 'removed forty times at once');
    expect(await usage(user)).toBe(kept.size + pin.size);
    const answers = await Promise.all(Array.from({ length: 40 }, () => server.api.delete(`/psa/pins/${pin.requestid}`, { token })));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 404)).toHaveLength(39);
    for (const res of answers.filter((r) => r.status === 404)) expectPsaError(res, 404, 'NOT_FOUND');
    expect(await usage(user)).toBe(kept.size);
    await usageMatchesRecords(user);
    const removals = await server.app.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', user.id)
      .where('action', '=', 'remove')
      .execute();
    expect(removals).toHaveLength(1);
  });

  it('forty concurrent replacements of one request: one wins, the rest 404', async () => {
    const { user, token } = await account();
    const old = await pinnedRemotely(user, token, 'replaced forty times at once');
    const owner = await createUser(server);
    const next = await uploadFile(server, owner, 'winner.txt', 'the replacement');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => server.api.post(`/psa/pins/${old.requestid}`, { cid: next.cid, name: `r${i}` }, { token })),
    );
    const won = answers.filter((r) => r.status === 202);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.status === 404)).toHaveLength(39);
    expect((await psaSettled(server, token, won[0]!.body.requestid)).status).toBe('pinned');
    const listed = (await server.api.get(`/psa/pins${ALL_STATUSES}`, { token })).body;
    expect(listed.results.map((r: { requestid: string }) => r.requestid)).toEqual([won[0]!.body.requestid]);
    expect(await server.app.db.selectFrom('pin_jobs').select('id').where('user_id', '=', user.id).execute()).toHaveLength(2);
    expect(await usage(user)).toBe(next.size);
    await usageMatchesRecords(user);
  });

  it('concurrent removals of the requests sharing one record remove the record exactly once', async () => {
    const { user, token } = await account();
    const first = await pinnedRemotely(user, token, 'one record, many requests');
    const others = await Promise.all(
      Array.from({ length: 9 }, () => server.api.post('/psa/pins', { cid: first.cid }, { token }).then((r) => r.body.requestid as string)),
    );
    for (const id of others) expect((await psaSettled(server, token, id)).status).toBe('pinned');
    expect(await usage(user)).toBe(first.size);
    const answers = await Promise.all([first.requestid, ...others].map((id) => server.api.delete(`/psa/pins/${id}`, { token })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(await files(user)).toEqual([]);
    expect(await usage(user)).toBe(0);
    await eventually('the content is released', async () => !(await isPinned(first.cid)), { withinMs: 10_000 });
  });
});
