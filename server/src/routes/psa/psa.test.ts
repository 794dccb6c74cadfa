import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, setStorageLimit, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { expectPsaError, LOOPBACK_PEERS, psaSettled } from '../../../test/psa';

/** A valid CID that no node here holds. */
const UNKNOWN_CID = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(DRIVERS)('Pinning Service API at /psa (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { pinTimeoutMs: 1500, ipfs: LOOPBACK_PEERS } });
  });
  afterAll(() => server?.close());

  /** An account with an API token, and content some other account already holds on this node. */
  async function account(files: Record<string, string> = {}) {
    const owner = await createUser(server);
    const cids: Record<string, string> = {};
    for (const [name, content] of Object.entries(files)) cids[name] = (await uploadFile(server, owner, name, content)).cid;
    const user = await createUser(server);
    const { token } = await createApiToken(server, user);
    return { user, token, cids };
  }
  const usage = async (token: string) => (await server.api.get('/api/v2/users/me/usage', { token })).body.used;
  const files = async (token: string) => (await server.api.get('/api/v2/users/me/uploads', { token })).body;

  it('refuses a missing or wrong token in the spec’s error shape', async () => {
    expectPsaError(await server.api.get('/psa/pins'), 401, 'UNAUTHORIZED');
    expectPsaError(await server.api.get('/psa/pins', { token: 'cairn_wrong' }), 401, 'UNAUTHORIZED');
    expectPsaError(await server.api.post('/psa/pins', { cid: UNKNOWN_CID }), 401, 'UNAUTHORIZED');
  });

  it('pins by CID with an API token: a record in My files, charged to the quota, with name, meta and origins kept', async () => {
    const { token, cids } = await account({ 'a.txt': 'psa content' });
    const origins = ['/ip4/127.0.0.1/tcp/1/p2p/12D3KooWHbLE6pqHQSCJiM5vXv9Jx9ajcDFFSqXcKKm5JpxzMhF1'];
    const res = await server.api.post('/psa/pins', { cid: cids['a.txt'], name: 'report.txt', origins, meta: { app: 'cli' } }, { token });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      requestid: expect.stringMatching(UUID),
      pin: { cid: cids['a.txt'], name: 'report.txt', origins, meta: { app: 'cli' } },
    });
    expect(['queued', 'pinning', 'pinned']).toContain(res.body.status);
    expect(res.body.delegates.length).toBeGreaterThan(0);
    for (const addr of res.body.delegates) expect(addr).toMatch(/^\/ip4\/127\.0\.0\.1\/tcp\/\d+\/p2p\/\w+$/);
    expect(Date.parse(res.body.created)).toBeGreaterThan(Date.now() - 60_000);

    const pinned = await psaSettled(server, token, res.body.requestid);
    expect(pinned).toMatchObject({
      status: 'pinned',
      created: res.body.created,
      info: { raw_size: '11', upload_id: expect.stringMatching(UUID) },
    });
    const list = await files(token);
    expect(list.files).toEqual([expect.objectContaining({ cid: cids['a.txt'], name: 'report.txt', source: 'pin', size: 11 })]);
    expect(list.files[0].uploadId).toBe(pinned.info.upload_id);
    expect(await usage(token)).toBe(11);
  });

  it('DELETE removes a pinned request with its record, refunds it, and is 404 afterwards', async () => {
    const { token, cids } = await account({ 'b.txt': 'to be removed' });
    const { body } = await server.api.post('/psa/pins', { cid: cids['b.txt'] }, { token });
    await psaSettled(server, token, body.requestid);
    const removed = await server.api.delete(`/psa/pins/${body.requestid}`, { token });
    expect([removed.status, removed.text]).toEqual([202, '']);
    expectPsaError(await server.api.get(`/psa/pins/${body.requestid}`, { token }), 404, 'NOT_FOUND');
    expectPsaError(await server.api.delete(`/psa/pins/${body.requestid}`, { token }), 404, 'NOT_FOUND');
    expect((await files(token)).total).toBe(0);
    expect(await usage(token)).toBe(0);
  });

  it('keeps requests to their account', async () => {
    const { token, cids } = await account({ 'c.txt': 'mine' });
    const { body } = await server.api.post('/psa/pins', { cid: cids['c.txt'] }, { token });
    const other = await account();
    expectPsaError(await server.api.get(`/psa/pins/${body.requestid}`, { token: other.token }), 404, 'NOT_FOUND');
    expectPsaError(await server.api.delete(`/psa/pins/${body.requestid}`, { token: other.token }), 404, 'NOT_FOUND');
    expectPsaError(await server.api.post(`/psa/pins/${body.requestid}`, { cid: cids['c.txt'] }, { token: other.token }), 404, 'NOT_FOUND');
    expectPsaError(await server.api.get('/psa/pins/not-a-uuid', { token }), 404, 'NOT_FOUND');
  });

  it('fails a pin nobody provides, with the reason in info, and records nothing', async () => {
    const { token } = await account();
    const { body } = await server.api.post('/psa/pins', { cid: UNKNOWN_CID }, { token });
    const failed = await psaSettled(server, token, body.requestid);
    expect(failed).toMatchObject({
      status: 'failed',
      info: { error_code: 'cid_not_found', status_details: 'CID not found on IPFS network' },
    });
    expect((await files(token)).total).toBe(0);
  });

  it('DELETE of a pin still fetching cancels it: it never becomes a record', async () => {
    const { user, token } = await account();
    const { body } = await server.api.post('/psa/pins', { cid: UNKNOWN_CID }, { token });
    expect(['queued', 'pinning']).toContain(body.status);
    expect((await server.api.delete(`/psa/pins/${body.requestid}`, { token })).status).toBe(202);
    const jobs = await server.app.db.selectFrom('pin_jobs').select(['status', 'error_code']).where('user_id', '=', user.id).execute();
    expect(jobs).toEqual([{ status: 'failed', error_code: expect.stringMatching(/^(cancelled|cid_not_found)$/) }]);
    expect((await files(token)).total).toBe(0);
  });

  it('replaces a pin: a new requestid, the old one gone at once, and its record replaced by the new one’s', async () => {
    const { token, cids } = await account({ 'v1.txt': 'version one', 'v2.txt': 'version two!' });
    const first = await server.api.post('/psa/pins', { cid: cids['v1.txt'], name: 'site' }, { token });
    await psaSettled(server, token, first.body.requestid);
    const replaced = await server.api.post(`/psa/pins/${first.body.requestid}`, { cid: cids['v2.txt'], name: 'site' }, { token });
    expect(replaced.status).toBe(202);
    expect(replaced.body.requestid).not.toBe(first.body.requestid);
    expect(replaced.body.pin).toMatchObject({ cid: cids['v2.txt'], name: 'site' });
    expectPsaError(await server.api.get(`/psa/pins/${first.body.requestid}`, { token }), 404, 'NOT_FOUND');
    expect((await psaSettled(server, token, replaced.body.requestid)).status).toBe('pinned');
    expect((await files(token)).files.map((f: { cid: string }) => f.cid)).toEqual([cids['v2.txt']]);
    expect(await usage(token)).toBe(12);
  });

  it('replacing with the same CID keeps the one record of it', async () => {
    const { token, cids } = await account({ 'same.txt': 'same bytes' });
    const first = await server.api.post('/psa/pins', { cid: cids['same.txt'] }, { token });
    await psaSettled(server, token, first.body.requestid);
    const again = await server.api.post(`/psa/pins/${first.body.requestid}`, { cid: cids['same.txt'], name: 'renamed' }, { token });
    expectPsaError(await server.api.get(`/psa/pins/${first.body.requestid}`, { token }), 404, 'NOT_FOUND');
    await psaSettled(server, token, again.body.requestid);
    expect((await files(token)).files).toEqual([expect.objectContaining({ cid: cids['same.txt'] })]);
    expect(await usage(token)).toBe(10);
  });

  it('two requests for one CID share its record, which goes with the last of them', async () => {
    const { token, cids } = await account({ 'shared.txt': 'twice' });
    const a = (await server.api.post('/psa/pins', { cid: cids['shared.txt'] }, { token })).body;
    const b = (await server.api.post('/psa/pins', { cid: cids['shared.txt'] }, { token })).body;
    expect(a.requestid).not.toBe(b.requestid);
    await psaSettled(server, token, a.requestid);
    await psaSettled(server, token, b.requestid);
    expect((await files(token)).total).toBe(1);
    await server.api.delete(`/psa/pins/${a.requestid}`, { token });
    expect((await files(token)).total).toBe(1);
    await server.api.delete(`/psa/pins/${b.requestid}`, { token });
    expect((await files(token)).total).toBe(0);
  });

  it('deleting the file in My files removes its pin request', async () => {
    const { token, cids } = await account({ 'gone.txt': 'deleted from the UI' });
    const { body } = await server.api.post('/psa/pins', { cid: cids['gone.txt'] }, { token });
    const pinned = await psaSettled(server, token, body.requestid);
    expect((await server.api.delete(`/api/v2/uploads/${pinned.info.upload_id}`, { token })).status).toBe(200);
    expectPsaError(await server.api.get(`/psa/pins/${body.requestid}`, { token }), 404, 'NOT_FOUND');
  });

  it('answers 409 INSUFFICIENT_FUNDS when the storage is full, and fails a pin that does not fit', async () => {
    const { user, token, cids } = await account({ 'big.txt': 'x'.repeat(100) });
    await setStorageLimit(server, { ...user }, 50);
    const tooBig = (await server.api.post('/psa/pins', { cid: cids['big.txt'] }, { token })).body;
    expect(await psaSettled(server, token, tooBig.requestid)).toMatchObject({ status: 'failed', info: { error_code: 'quota_exceeded' } });
    await setStorageLimit(server, { ...user }, 0);
    expectPsaError(await server.api.post('/psa/pins', { cid: cids['big.txt'] }, { token }), 409, 'INSUFFICIENT_FUNDS');
  });

  it('validates the Pin object', async () => {
    const { token } = await account();
    expectPsaError(await server.api.post('/psa/pins', { cid: 'not-a-cid' }, { token }), 400, 'INVALID_CID');
    expectPsaError(await server.api.post('/psa/pins', {}, { token }), 400, 'BAD_REQUEST');
    expectPsaError(await server.api.post('/psa/pins', { cid: UNKNOWN_CID, name: 'n'.repeat(256) }, { token }), 400, 'BAD_REQUEST');
    expectPsaError(await server.api.post('/psa/pins', { cid: UNKNOWN_CID, origins: ['not a multiaddr'] }, { token }), 400, 'BAD_REQUEST');
    expectPsaError(await server.api.post('/psa/pins', { cid: UNKNOWN_CID, meta: { k: 1 } }, { token }), 400, 'BAD_REQUEST');
    const origins = Array.from({ length: 21 }, (_, i) => `/ip4/127.0.0.1/tcp/${i + 1}`);
    expectPsaError(await server.api.post('/psa/pins', { cid: UNKNOWN_CID, origins }, { token }), 400, 'BAD_REQUEST');
    const text = await server.api.request('POST', '/psa/pins', { token, body: 'cid', headers: { 'content-type': 'text/plain' } });
    expectPsaError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses identity CIDs, added or as a replacement: their bytes are inside the CID, there is nothing to store', async () => {
    const { user, token, cids } = await account({ 'kept.txt': 'kept' });
    const details = 'An identity CID holds its bytes inside the CID itself: there is nothing to store';
    for (const cid of ['bafkqaaa', 'bafkqaalb', 'bafyaabakaieac']) {
      const res = await server.api.post('/psa/pins', { cid }, { token });
      expect([res.status, res.body]).toEqual([400, { error: { reason: 'BAD_REQUEST', details } }]);
    }
    const kept = (await server.api.post('/psa/pins', { cid: cids['kept.txt'] }, { token })).body;
    await psaSettled(server, token, kept.requestid);
    const replaced = await server.api.post(`/psa/pins/${kept.requestid}`, { cid: 'bafkqaalb' }, { token });
    expect([replaced.status, replaced.body]).toEqual([400, { error: { reason: 'BAD_REQUEST', details } }]);
    // Nothing was queued, and the request it would have replaced still stands.
    expect((await server.api.get(`/psa/pins/${kept.requestid}`, { token })).body.status).toBe('pinned');
    const jobs = await server.app.db.selectFrom('pin_jobs').select('cid').where('user_id', '=', user.id).execute();
    expect(jobs).toEqual([{ cid: cids['kept.txt'] }]);
  });

  it('answers delegates on the default configuration: the embedded node listens on loopback', async () => {
    const plain = await startTestServer({ driver });
    try {
      const user = await createUser(plain);
      const { token } = await createApiToken(plain, user);
      const res = await plain.api.post('/psa/pins', { cid: UNKNOWN_CID }, { token });
      expect(res.status).toBe(202);
      expect(res.body.delegates).toEqual([expect.stringMatching(/^\/ip4\/127\.0\.0\.1\/tcp\/\d+\/p2p\/12D3KooW\w+$/)]);
    } finally {
      await plain.close();
    }
  });

  it('answers unknown paths and methods under /psa in the spec’s shape', async () => {
    const { token } = await account();
    expectPsaError(await server.api.get('/psa/nothing', { token, unchecked: true }), 404, 'NOT_FOUND');
    // The response checker knows only Cairn's own generic 405; this one is in the spec's shape.
    const put = await server.api.request('PUT', '/psa/pins', { token, unchecked: true });
    expectPsaError(put, 405, 'METHOD_NOT_ALLOWED');
    expect(put.headers.get('allow')).toBe('HEAD, GET, POST');
  });
});
