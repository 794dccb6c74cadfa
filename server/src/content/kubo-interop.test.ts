import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKubo, type KuboNode } from '../../../scripts/ipfs-local.mjs';
import { bytesOf, chunks, collect, tempStore } from './test-helpers';
import { eventually } from '../../test/eventually';

// The embedded engine and a real Kubo daemon on loopback, speaking bitswap to each other: the
// embedded node dials Kubo (IPFS_PEERS), and each side fetches what only the other one holds.
const CHUNK = 262_144;
const CONNECT_MS = 20_000;

let kubo: KuboNode;
let kuboDir: string;
let embedded: Awaited<ReturnType<typeof tempStore>>;

async function kuboRpc(command: string, query: Record<string, string>, init: RequestInit = {}): Promise<Response> {
  const url = new URL(`/api/v0/${command}`, kubo.apiUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, { method: 'POST', ...init });
  if (!response.ok) throw new Error(`kubo ${command}: ${response.status} ${await response.text()}`);
  return response;
}

/** Whether Kubo pins `cid` recursively. */
async function kuboPinned(cid: string): Promise<boolean> {
  const url = new URL('/api/v0/pin/ls', kubo.apiUrl);
  url.searchParams.set('arg', cid);
  url.searchParams.set('type', 'recursive');
  return (await fetch(url, { method: 'POST' })).ok;
}

/** Waits (bounded) until Kubo lists the embedded node among its peers. */
async function connected(): Promise<void> {
  const peerId = embedded.store.peerId();
  await eventually(
    'Kubo sees the embedded node',
    async () => {
      const body = (await (await kuboRpc('swarm/peers', {})).json()) as { Peers: Array<{ Peer: string }> | null };
      return (body.Peers ?? []).some((peer) => peer.Peer === peerId);
    },
    { withinMs: CONNECT_MS, everyMs: 200 },
  );
}

beforeAll(async () => {
  kuboDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-kubo-interop-'));
  kubo = await startKubo({ dir: kuboDir });
  embedded = await tempStore({
    networking: { mode: 'peers', listen: ['/ip4/127.0.0.1/tcp/0'], peers: kubo.addresses },
  });
  await connected();
}, 120_000);

afterAll(async () => {
  await embedded?.cleanup();
  await kubo?.stop();
  if (kuboDir) fs.rmSync(kuboDir, { recursive: true, force: true });
}, 30_000);

describe('interop with Kubo over bitswap', () => {
  it.each([1, 0] as const)(
    'Kubo fetches and pins a multi-block file only the embedded engine holds (CIDv%i)',
    async (cidVersion) => {
      const bytes = bytesOf(5 * CHUNK + 123, 70 + cidVersion);
      const added = await embedded.store.addFile(chunks(bytes), { cidVersion, maxBytes: 1 << 30 });
      // Offline, Kubo has none of it: every block it reads afterwards came over bitswap.
      await expect(kuboRpc('block/stat', { arg: added.cid, offline: 'true' })).rejects.toThrow(/not found/i);

      await kuboRpc('pin/add', { arg: added.cid, recursive: 'true' }, { signal: AbortSignal.timeout(30_000) });
      expect(await kuboPinned(added.cid)).toBe(true);
      const read = Buffer.from(await (await kuboRpc('cat', { arg: added.cid, offline: 'true' })).arrayBuffer());
      expect(read.equals(bytes)).toBe(true);
    },
    60_000,
  );

  it('Kubo fetches a folder DAG the embedded engine holds and reads a file by path', async () => {
    async function* tree() {
      for (let i = 0; i < 12; i++) yield { path: `site/d${i % 3}/f${i}.txt`, content: chunks(Buffer.from(`file ${i}\n`)) };
    }
    const added = await embedded.store.addDirectory(tree(), { cidVersion: 1, maxBytes: 1 << 20 });
    await kuboRpc('pin/add', { arg: added.cid, recursive: 'true' }, { signal: AbortSignal.timeout(30_000) });
    const read = await (await kuboRpc('cat', { arg: `/ipfs/${added.cid}/d1/f7.txt`, offline: 'true' })).text();
    expect(read).toBe('file 7\n');
  }, 60_000);

  it.each([1, 0] as const)(
    'the embedded engine pins by CID a multi-block file only Kubo holds (CIDv%i)',
    async (cidVersion) => {
      const bytes = bytesOf(4 * CHUNK + 99, 80 + cidVersion);
      const form = new FormData();
      form.append('file', new Blob([bytes]));
      const response = await kuboRpc('add', { 'cid-version': String(cidVersion), pin: 'true' }, { body: form });
      const cid = ((await response.json()) as { Hash: string }).Hash;
      expect(await embedded.store.has(cid)).toBe(false);

      const pinned = await embedded.store.pin(cid, { timeoutMs: 30_000 });
      expect(pinned.cid).toBe(cid);
      expect(pinned.bytesFetched).toBeGreaterThanOrEqual(bytes.byteLength);
      expect(await embedded.store.isPinned(cid)).toBe(true);
      expect(await embedded.store.stat(cid)).toMatchObject({ type: 'file', size: bytes.byteLength, complete: true });
      expect((await collect(embedded.store.cat(cid))).equals(bytes)).toBe(true);
    },
    60_000,
  );
});
