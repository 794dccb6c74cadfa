import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestResponse } from '../../../test/client';
import { eventually } from '../../../test/eventually';
import { createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { bytesOf } from '../../content/test-helpers';
import { carBytes, cborNode, rawBlock } from '../../../test/cars';

const POLL_MS = 100;
const PIN_DEADLINE_MS = 60_000;

/** Loopback only: A listens, B dials A and nothing else (IPFS_NETWORK=peers). */
const peers = (dial: string[]) => ({ network: 'peers' as const, listen: ['/ip4/127.0.0.1/tcp/0'], peers: dial });

describe.each(DRIVERS)('pin by CID from another Cairn server (%s)', (driver) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ driver, config: { ipfs: peers([]) } });
    const addrs = await a.app.content.multiaddrs();
    expect(addrs.length).toBeGreaterThan(0);
    b = await startTestServer({ driver, config: { ipfs: peers(addrs) } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function settled(token: string, id: string) {
    let job: TestResponse | undefined;
    await eventually(
      'the pin job is over',
      async () => {
        job = await b.api.get(`/api/v2/pins/${id}`, { token });
        return job.status !== 200 || !['queued', 'pinning'].includes(job.body.status);
      },
      { withinMs: PIN_DEADLINE_MS, everyMs: POLL_MS },
    );
    expect(job!.status).toBe(200);
    return job!.body;
  }

  it.each([1, 0] as const)('fetches a file uploaded on A over bitswap and serves it from B (CIDv%i)', async (cidVersion) => {
    const bytes = bytesOf(5 * 1024 * 1024 + 321, 70 + cidVersion);
    const owner = await createUser(a);
    const uploaded = await uploadFile(a, owner, 'shared.bin', bytes, `?cidVersion=${cidVersion}`);
    expect((await fetch(`${b.url}/ipfs/${uploaded.cid}`)).status).toBe(404); // B holds nothing yet

    const user = await createUser(b);
    const res = await b.api.post('/api/v2/pins', { cid: uploaded.cid, originalName: 'from-a.bin' }, { token: user.token });
    // Fetched over bitswap, it may finish within the request or after: the answer says which.
    expect(res.status).toBe(res.body.status === 'pinned' ? 201 : 202);
    const job = await settled(user.token, res.body.id);
    expect(job).toMatchObject({ status: 'pinned', cid: uploaded.cid, error: null });
    expect(job.bytesFetched).toBeGreaterThanOrEqual(bytes.byteLength);
    expect(job.upload).toMatchObject({ cid: uploaded.cid, name: 'from-a.bin', size: bytes.byteLength, source: 'pin' });
    expect(await b.app.content.isPinned(uploaded.cid)).toBe(true);

    const download = await fetch(`${b.url}/ipfs/${uploaded.cid}`);
    expect(download.status).toBe(200);
    const got = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(got).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    // B re-imports the bytes it got with its own importer: the same CID proves the DAG is intact.
    const again = await uploadFile(b, await createUser(b), 'check.bin', got, `?cidVersion=${cidVersion}`);
    expect(again.cid).toBe(uploaded.cid);
  });

  it('fetches a folder DAG and serves its files by path', async () => {
    const owner = await createUser(a);
    const form = new FormData();
    form.append('file', new Blob([bytesOf(600_000, 3)]), 'site/big.bin');
    form.append('file', new Blob(['<h1>hi</h1>']), 'site/index.html');
    const folder = await a.api.request('POST', '/api/v2/upload/directory?mode=dag', { token: owner.token, body: form });
    expect(folder.status).toBe(201);

    const user = await createUser(b);
    const res = await b.api.post('/api/v2/pins', { cid: folder.body.cid }, { token: user.token });
    const job = await settled(user.token, res.body.id);
    expect(job.status).toBe('pinned');
    expect(job.upload).toMatchObject({ type: 'directory', filesCount: 2, size: 600_000 + 11 });
    expect(await (await fetch(`${b.url}/ipfs/${folder.body.cid}/index.html`)).text()).toBe('<h1>hi</h1>');
  });

  it('fetches a dag-cbor DAG whole, every linked block, and records it as other data', async () => {
    const leaf = await rawBlock(bytesOf(300_000, 9));
    const root = await cborNode({ title: 'dataset', data: leaf.cid });
    const owner = await createUser(a);
    const car = await a.api.request('POST', '/api/v2/upload/car', {
      token: owner.token,
      body: await carBytes([root.cid], [root, leaf]),
      headers: { 'content-type': 'application/vnd.ipld.car' },
    });
    expect(car.status).toBe(201);

    const user = await createUser(b);
    const res = await b.api.post('/api/v2/pins', { cid: root.cid.toString() }, { token: user.token });
    const job = await settled(user.token, res.body.id);
    expect(job).toMatchObject({ status: 'pinned', error: null });
    expect(job.upload).toMatchObject({ type: 'dag', category: 'other' });
    // The leaf the document links to was fetched and is held, and charged.
    expect(await b.app.content.has(leaf.cid.toString())).toBe(true);
    expect(job.upload.chargedBytes).toBe(root.bytes.byteLength + leaf.bytes.byteLength);
    const served = await fetch(`${b.url}/ipfs/${root.cid}/data?format=raw`);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(leaf.bytes))).toBe(true);
  });
});
