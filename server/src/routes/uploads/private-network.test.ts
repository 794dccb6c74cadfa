import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks, tempStore } from '../../content/test-helpers';
import { createApiToken, createUser, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { LOOPBACK_PEERS, psaSettled } from '../../../test/psa';

/** What a peer's bitswap and a Pinning Service client learn of private content: nothing. */
describe.each(DRIVERS)('private content on the network (%s)', (driver) => {
  let server: TestServer;
  let peer: Awaited<ReturnType<typeof tempStore>>;
  let owner: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { pinTimeoutMs: 1500, ipfs: LOOPBACK_PEERS } });
    owner = await createUser(server);
    peer = await tempStore({
      networking: { mode: 'peers', listen: ['/ip4/127.0.0.1/tcp/0'], peers: await server.app.content.multiaddrs() },
    });
    // Connected once a public block crosses over (bounded).
    const probe = await uploadFile(server, owner, 'probe.txt', 'probe');
    const deadline = Date.now() + 15_000;
    while (!(await peer.store.pin(probe.cid, { timeoutMs: 1_000 }).catch(() => null))) {
      if (Date.now() > deadline) throw new Error('the peer did not connect within 15 s');
    }
  }, 30_000);
  afterAll(async () => {
    await peer?.cleanup();
    await server?.close();
  });

  it('gives a peer over bitswap no block that only a private record holds, and every block of a public one', async () => {
    const secret = await uploadFile(server, owner, 'secret.txt', 'only for links', '?private=true');
    await expect(peer.store.pin(secret.cid, { timeoutMs: 2_000 })).rejects.toThrow();
    expect(await peer.store.has(secret.cid)).toBe(false);
    const open = await uploadFile(server, owner, 'open.txt', 'for everyone');
    await expect(peer.store.pin(open.cid, { timeoutMs: 5_000 })).resolves.toMatchObject({ cid: open.cid });
    // Made public, the same content crosses over.
    await server.api.put(`/api/v2/files/${secret.uploadId}/privacy`, { private: false }, { token: owner.token });
    await expect(peer.store.pin(secret.cid, { timeoutMs: 5_000 })).resolves.toMatchObject({ cid: secret.cid });
    // The bytes the peer could compute itself: the same CID as it builds it.
    expect((await peer.store.addFile(chunks(Buffer.from('only for links')), { maxBytes: 100 })).cid).toBe(secret.cid);
  });

  it('answers no delegates for a Pinning Service pin whose record is private', async () => {
    const user = await createUser(server);
    const { token } = await createApiToken(server, user);
    const file = await uploadFile(server, user, 'psa.txt', 'pinned remotely', '?private=true');
    const res = await server.api.post('/psa/pins', { cid: file.cid, name: 'psa.txt' }, { token });
    expect(res.status).toBe(202);
    const settled = await psaSettled(server, token, res.body.requestid);
    expect(settled.status).toBe('pinned');
    expect(settled.delegates).toEqual([]);
    expect((await server.api.get(`/psa/pins?cid=${file.cid}`, { token })).body.results[0].delegates).toEqual([]);
    await server.api.put(`/api/v2/files/${file.uploadId}/privacy`, { private: false }, { token: user.token });
    const after = await server.api.get(`/psa/pins/${res.body.requestid}`, { token });
    expect(after.body.delegates.length).toBeGreaterThan(0);
  });
});
