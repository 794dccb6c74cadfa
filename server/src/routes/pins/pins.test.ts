import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/eventually';
import { createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

/** A valid CID that no node here holds. */
const UNKNOWN_CID = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';

describe.each(DRIVERS)('POST /api/v2/pins (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { pinTimeoutMs: 500 } });
  });
  afterAll(() => server.close());

  it('pins content the node already holds at once, with the chosen name', async () => {
    const owner = await createUser(server);
    const file = await uploadFile(server, owner, 'shared.txt', 'pin me');
    const user = await createUser(server);
    const res = await server.api.post(
      '/api/v2/pins',
      { cid: file.cid, originalName: 'from-friend.txt', customName: 'mine.txt' },
      { token: user.token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pinned', cid: file.cid });
    expect(res.body.upload).toMatchObject({
      name: 'mine.txt',
      nameSource: 'custom',
      originalName: 'from-friend.txt',
      size: 6,
      type: 'file',
      category: 'text',
      source: 'pin',
    });
    const job = await server.api.get(`/api/v2/pins/${res.body.id}`, { token: user.token });
    expect(job.body.status).toBe('pinned');
    expect((await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used).toBe(6);

    const again = await server.api.post('/api/v2/pins', { cid: file.cid }, { token: user.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_pinned');
  });

  it('answers a pin of held content as soon as its job ends here, reading the job once (no polling)', async () => {
    const owner = await createUser(server);
    const file = await uploadFile(server, owner, 'woken.txt', 'wake me');
    const user = await createUser(server);
    const reads = vi.spyOn(server.app.stores.pinJobs, 'findForUser');
    try {
      const started = Date.now();
      const res = await server.api.post('/api/v2/pins', { cid: file.cid }, { token: user.token });
      expect([res.status, res.body.status]).toEqual([201, 'pinned']);
      // Woken by the runner, not by the end of the wait for a job that runs elsewhere.
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('names a pin by its original name, else automatically', async () => {
    const owner = await createUser(server);
    const a = await uploadFile(server, owner, 'a.txt', 'aaaa');
    const b = await uploadFile(server, owner, 'b.txt', 'bbbb');
    const user = await createUser(server);
    const original = await server.api.post('/api/v2/pins', { cid: a.cid, originalName: 'report.txt' }, { token: user.token });
    expect(original.body.upload).toMatchObject({ name: 'report.txt', nameSource: 'original' });
    const auto = await server.api.post('/api/v2/pins', { cid: b.cid }, { token: user.token });
    expect(auto.body.upload.nameSource).toBe('auto');
    expect(auto.body.upload.name).toContain(b.cid.slice(-10));
  });

  it('validates the CID', async () => {
    const user = await createUser(server);
    const empty = await server.api.post('/api/v2/pins', { cid: '  ' }, { token: user.token });
    expect([empty.status, empty.body.error]).toEqual([400, 'Please enter a CID']);
    const bad = await server.api.post('/api/v2/pins', { cid: 'not-a-cid' }, { token: user.token });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_cid']);
  });

  it('answers 404 "CID not found on IPFS network" when nothing can provide the CID in time', async () => {
    const user = await createUser(server);
    const res = await server.api.post('/api/v2/pins', { cid: UNKNOWN_CID }, { token: user.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'CID not found on IPFS network', code: 'cid_not_found' });
    expect((await server.api.get('/api/v2/users/me/uploads', { token: user.token })).body.total).toBe(0);
  });

  it('answers 404 at once, whatever the pin timeout, when the node has nobody to ask', async () => {
    // The default embedded node listens for peers but knows none and finds none: nobody can provide.
    const alone = await startTestServer({ driver, config: { pinTimeoutMs: 60_000 } });
    try {
      const user = await createUser(alone);
      const res = await alone.api.post('/api/v2/pins', { cid: UNKNOWN_CID }, { token: user.token });
      expect([res.status, res.body.code]).toEqual([404, 'cid_not_found']);
    } finally {
      await alone.close();
    }
  });

  it('keeps a slow pin running as a job that GET /pins/{id} reports on', async () => {
    // A peer of its own (that does not answer) is someone to ask: the pin waits for it, in a job.
    const silentPeer = '/ip4/127.0.0.1/tcp/1/p2p/12D3KooWLQzUv2FHWGVPXTXSZpdHs7oHbXub2G5WC8Tx4NQhyd2d';
    const slow = await startTestServer({
      driver,
      config: { pinTimeoutMs: 4000, ipfs: { network: 'peers', listen: ['/ip4/127.0.0.1/tcp/0'], peers: [silentPeer] } },
    });
    try {
      const user = await createUser(slow);
      const reads = vi.spyOn(slow.app.stores.pinJobs, 'findForUser');
      const res = await slow.api.post('/api/v2/pins', { cid: UNKNOWN_CID }, { token: user.token });
      expect(res.status).toBe(202);
      // The request waited for the job without polling: one read, when its wait was over.
      expect(reads).toHaveBeenCalledTimes(1);
      reads.mockRestore();
      expect(['queued', 'pinning']).toContain(res.body.status);
      let job = res.body;
      await eventually(
        'the job failed',
        async () => (job = (await slow.api.get(`/api/v2/pins/${res.body.id}`, { token: user.token })).body).status === 'failed',
        { withinMs: 8_000, everyMs: 100 },
      );
      expect(job).toMatchObject({ status: 'failed', errorCode: 'cid_not_found', error: 'CID not found on IPFS network', upload: null });
      const other = await createUser(slow);
      expect((await slow.api.get(`/api/v2/pins/${res.body.id}`, { token: other.token })).status).toBe(404);
    } finally {
      await slow.close();
    }
  });
});
