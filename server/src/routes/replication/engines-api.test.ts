import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineUnderTest } from '../../../test/engines';
import { eventually } from '../../../test/eventually';
import { createUser, fileForm, uploadFile, type TestUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { contentConfig } from '../../config/content-config';

const bytes = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i * seed + 7) % 251);

/** A Cairn server whose content lives on the given engine's daemons. */
async function serverOn(engine: EngineUnderTest, shareWith?: TestServer): Promise<TestServer> {
  const env = engine.cluster?.env ?? { CONTENT_ENGINE: 'kubo', KUBO_API_URL: engine.kubo!.apiUrl };
  const content = contentConfig(
    {
      contentEngine: env.CONTENT_ENGINE,
      kuboApiUrl: env.KUBO_API_URL,
      clusterApiUrl: 'CLUSTER_API_URL' in env ? env.CLUSTER_API_URL : undefined,
      clusterReplicationMin: 'CLUSTER_REPLICATION_MIN' in env ? env.CLUSTER_REPLICATION_MIN : undefined,
      clusterReplicationMax: 'CLUSTER_REPLICATION_MAX' in env ? env.CLUSTER_REPLICATION_MAX : undefined,
    },
    (message) => {
      throw new Error(message);
    },
  );
  return startTestServer({ driver: 'pg', shareWith, config: { content, pinTimeoutMs: 20_000 } });
}

describe.each(['kubo', 'cluster'] as const)('the API on the %s engine', (name) => {
  let engine: EngineUnderTest;
  let a: TestServer;
  let b: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    engine = await startEngine(name, { peers: 3, replicationMin: 2, replicationMax: 2 });
    a = await serverOn(engine);
    b = await serverOn(engine, a);
    user = await createUser(a);
  }, 240_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await engine?.stop();
  }, 60_000);

  it('uploads a file on one instance; another lists it, serves ranges, shows its DAG, status and allocation', async () => {
    const content = bytes(300_000, 3);
    const up = await uploadFile(a, user, 'data.bin', content, '?cidVersion=0');
    expect(up.cid).toMatch(/^Qm/);
    const list = await b.api.get('/api/v2/users/me/uploads', { token: user.token });
    expect(list.body.files.map((file: { cid: string }) => file.cid)).toContain(up.cid);
    const range = await fetch(`${b.url}/ipfs/${up.cid}`, { headers: { range: 'bytes=262140-262150' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(Buffer.from(content.subarray(262_140, 262_151)))).toBe(true);
    const dag = await b.api.get(`/api/v2/dag/${up.cid}`, { token: user.token });
    expect(dag.body).toMatchObject({ totalFiles: 1, totalSize: 300_000 });

    const status = await b.api.get(`/api/v2/status/${up.cid}`, { token: user.token });
    expect(status.status).toBe(200);
    expect(status.body.engine).toBe(name);
    expect(status.body.peers.length).toBe(name === 'cluster' ? 2 : 1);
    const allocation = await b.api.get(`/api/v2/allocations/${up.cid}`, { token: user.token });
    expect(allocation.body).toMatchObject({ engine: name, replicationMin: name === 'cluster' ? 2 : 1 });
    expect(allocation.body.peers.length).toBe(name === 'cluster' ? 2 : 1);
    const other = await createUser(b);
    expect((await b.api.get(`/api/v2/status/${up.cid}`, { token: other.token })).status).toBe(404);
  }, 60_000);

  it('uploads folders as one DAG and as files, and a delete on the other instance unpins', async () => {
    const form = fileForm([
      { name: 'site/index.html', content: '<h1>hi</h1>' },
      { name: 'site/css/a.css', content: 'body{}' },
    ]);
    const dag = await a.api.request('POST', '/api/v2/upload/directory?mode=dag', { token: user.token, body: form });
    expect(dag.status).toBe(201);
    const files = await a.api.request('POST', '/api/v2/upload/directory?mode=files', {
      token: user.token,
      body: fileForm([
        { name: 'x/readme.md', content: 'x' },
        { name: 'y/readme.md', content: 'y' },
      ]),
    });
    expect(files.status).toBe(201);
    const page = await b.api.get(`/ipfs/${dag.body.cid}/css/a.css`);
    expect(page.text).toBe('body{}');

    const before = (await b.api.get('/api/v2/users/me/usage', { token: user.token })).body.used;
    const removed = await b.api.request('DELETE', `/api/v2/uploads/${dag.body.uploadId}`, { token: user.token });
    expect(removed.status).toBe(200);
    expect(await engine.store.isPinned(dag.body.cid)).toBe(false);
    // Neither instance's gateway serves the deleted folder any more.
    for (const instance of [a, b]) expect((await instance.api.get(`/ipfs/${dag.body.cid}/`)).status).toBe(404);
    const after = (await a.api.get('/api/v2/users/me/usage', { token: user.token })).body.used;
    expect(before - after).toBe(dag.body.chargedBytes);
  }, 60_000);

  it('pins by CID through the API what only an outside Kubo node holds', async () => {
    const form = new FormData();
    form.append('file', new Blob([bytes(70_000, 11)]));
    const added = await fetch(`${engine.kubo!.apiUrl}/api/v0/add?cid-version=1&pin=false`, { method: 'POST', body: form });
    const cid = ((await added.json()) as { Hash: string }).Hash;
    const pinned = await b.api.post('/api/v2/pins', { cid, customName: 'outside.bin' }, { token: user.token });
    // Fetched from another node, it may finish within the request or after: the answer says which.
    expect(pinned.status).toBe(pinned.body.status === 'pinned' ? 201 : 202);
    expect(pinned.body.status).toMatch(/^(queued|pinning|pinned)$/);
    let job = pinned.body;
    await eventually(
      'the pin job is over',
      async () => {
        job = (await a.api.get(`/api/v2/pins/${pinned.body.id}`, { token: user.token })).body;
        return job.status === 'pinned' || job.status === 'failed';
      },
      { everyMs: 200 },
    );
    expect(job.status).toBe('pinned');
    expect(await engine.store.isPinned(cid)).toBe(true);
  }, 60_000);

  it.runIf(name === 'cluster')(
    'keeps serving through another instance when a Cluster peer stops, and status shows the stopped peer',
    async () => {
      const content = bytes(123_456, 5);
      const up = await uploadFile(a, user, 'resilient.bin', content);
      const allocation = (await a.api.get(`/api/v2/allocations/${up.cid}`, { token: user.token })).body;
      // Stop an allocated peer that is not the one the instances talk to.
      const victim = engine.cluster!.nodes.find(
        (node, i) => i > 0 && allocation.peers.some((peer: { peerName: string }) => peer.peerName === node.name),
      );
      expect(victim).toBeDefined();
      await victim!.stop();
      await victim!.kubo.stop();

      const served = await fetch(`${b.url}/ipfs/${up.cid}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(content))).toBe(true);
      let peers: Array<{ peerName: string; status: string }> = [];
      await eventually(
        'status shows the stopped peer',
        async () => {
          peers = (await b.api.get(`/api/v2/status/${up.cid}`, { token: user.token })).body.peers;
          return peers.some((peer) => peer.peerName === victim!.name && peer.status === 'error');
        },
        { everyMs: 500 },
      );
      expect(peers.find((peer) => peer.peerName === victim!.name)?.status).toBe('error');
    },
    90_000,
  );
});
