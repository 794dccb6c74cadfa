import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKubo, type KuboNode } from '../../../../scripts/ipfs-local.mjs';
import { carBytes, unixfsFile } from '../../../test/cars';
import { startEngine, type EngineUnderTest } from '../../../test/engines';
import { createUser, type TestUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { contentConfig } from '../../config/content-config';
import { eventually } from '../../../test/eventually';

const run = promisify(execFile);

const IPFS = path.resolve(__dirname, '../../../../.tools/bin/ipfs');
const bytes = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i * seed + 1) % 251);

/** The Kubo command line against a running node (it finds the daemon through the repository). */
async function ipfs(node: KuboNode, args: string[]): Promise<Buffer> {
  const env = { ...process.env, IPFS_PATH: node.dir };
  return (await run(IPFS, args, { env, encoding: 'buffer', timeout: 60_000, maxBuffer: 64 << 20 })).stdout;
}

/** A Cairn server whose content lives on the engine's daemons, or on the embedded engine. */
async function serverOn(engine: EngineUnderTest | null): Promise<TestServer> {
  if (!engine) return startTestServer({ driver: 'sqlite' });
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
  return startTestServer({ driver: 'pg', config: { content, pinTimeoutMs: 20_000 } });
}

describe.each(['embedded', 'kubo', 'cluster'] as const)('CAR in and out on the %s engine', (name) => {
  let engine: EngineUnderTest | null = null;
  let server: TestServer;
  let user: TestUser;
  let dir: string;
  let source: KuboNode;
  let fresh: KuboNode;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-car-kubo-'));
    source = await startKubo({ dir: path.join(dir, 'source') });
    fresh = await startKubo({ dir: path.join(dir, 'fresh') });
    if (name !== 'embedded') engine = await startEngine(name, { peers: 2 });
    server = await serverOn(engine);
    user = await createUser(server);
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await engine?.stop();
    await source?.stop();
    await fresh?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const postCar = (car: Uint8Array) =>
    server.api.request('POST', '/api/v2/upload/car', {
      token: user.token,
      body: car,
      headers: { 'content-type': 'application/vnd.ipld.car' },
    });

  it('round-trips with Kubo: dag export, upload, download the CAR, dag import on a fresh node gives the same root and bytes', async () => {
    const folder = path.join(dir, 'site');
    const big = bytes(700_000, 7);
    fs.mkdirSync(path.join(folder, 'data'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'readme.txt'), 'read me');
    fs.writeFileSync(path.join(folder, 'data', 'big.bin'), big);
    const root = (await ipfs(source, ['add', '-r', '-Q', '--cid-version=1', folder])).toString().trim();
    const exported = await ipfs(source, ['dag', 'export', root]);

    const res = await postCar(exported);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cid: root, type: 'directory', size: 700_007, duplicate: false });
    if (engine) expect(await engine.pins()).toContain(root);

    const download = await fetch(`${server.url}/ipfs/${root}?format=car`);
    expect(download.status).toBe(200);
    const carFile = path.join(dir, 'downloaded.car');
    fs.writeFileSync(carFile, new Uint8Array(await download.arrayBuffer()));
    const imported = (await ipfs(fresh, ['dag', 'import', carFile])).toString();
    // The fresh node knows no peer: every block it holds came from Cairn's CAR.
    expect((await ipfs(fresh, ['swarm', 'peers'])).toString().trim()).toBe('');
    expect(imported).toContain(`Pinned root\t${root}\tsuccess`);
    const back = await ipfs(fresh, ['cat', '--offline', `/ipfs/${root}/data/big.bin`]);
    expect(back.equals(Buffer.from(big))).toBe(true);
    expect((await ipfs(fresh, ['cat', '--offline', `/ipfs/${root}/readme.txt`])).toString()).toBe('read me');
  }, 120_000);

  it('pins and records nothing of a CAR whose client goes away mid-upload', async () => {
    const file = await unixfsFile([bytes(200_000, 17), bytes(200_000, 19), bytes(200_000, 23)]);
    const car = await carBytes([file.root.cid], [file.root, ...file.leaves]);
    const req = http.request(`${server.url}/api/v2/upload/car`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/vnd.ipld.car' },
    });
    req.on('error', () => undefined);
    req.write(car.subarray(0, 300_000));
    await eventually('the upload holds a reservation', () => server.app.openReservations.size > 0);
    req.destroy();
    await eventually('the reservation is given back', () => server.app.openReservations.size === 0);
    expect(await server.app.content.isPinned(file.root.cid.toString())).toBe(false);
    if (engine) expect(await engine.pins()).not.toContain(file.root.cid.toString());
    const list = await server.api.get('/api/v2/users/me/uploads', { token: user.token });
    expect(list.body.files.map((f: { cid: string }) => f.cid)).not.toContain(file.root.cid.toString());
  }, 60_000);

  it('refuses a CAR missing a block and pins nothing of it', async () => {
    const file = await unixfsFile([bytes(3000, 11), bytes(3000, 13)]);
    const res = await postCar(await carBytes([file.root.cid], [file.root, file.leaves[0]!]));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('car_incomplete');
    expect(await server.app.content.isPinned(file.root.cid.toString())).toBe(false);
    if (engine) expect(await engine.pins()).not.toContain(file.root.cid.toString());
    const complete = await postCar(await carBytes([file.root.cid], [file.root, ...file.leaves]));
    expect(complete.status).toBe(201);
    expect(await server.app.content.isPinned(file.root.cid.toString())).toBe(true);
  }, 60_000);
});
