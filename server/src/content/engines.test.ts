import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as dagCbor from '@ipld/dag-cbor';
import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectKubo, startKubo, type KuboNode } from '../../../scripts/ipfs-local.mjs';
import { unixfsFile } from '../../test/cars';
import { bytesOf, ENGINES, readBack, startEngine, type EngineUnderTest } from '../../test/engines';
import { ContentNotFoundError, ContentTooLargeError } from './errors';
import type { CidVersion, DirectoryEntryInput, ImportRecovery } from './types';
import { collect } from './test-helpers';
import { eventually } from '../../test/eventually';

const CHUNK = 262_144;
/** Sizes at the chunker's and the balanced layout's edges: more than 174 chunks makes a second level. */
const SIZES = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 174 * CHUNK + 1];
const MAX = 1 << 30;
const RAW = 0x55;

async function* pieces(bytes: Uint8Array, piece = 1 << 20): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += piece) yield bytes.subarray(at, at + piece);
  if (bytes.byteLength === 0) yield bytes;
}

const TREE: Record<string, Uint8Array> = {
  'site/index.html': bytesOf(1200, 1),
  'site/css/a.css': bytesOf(64, 2),
  'site/img/logo.bin': bytesOf(CHUNK + 7, 3),
  'site/img/deep/x/y.txt': bytesOf(5, 4),
};

async function* tree(files: Record<string, Uint8Array>): AsyncGenerator<DirectoryEntryInput> {
  for (const [path, bytes] of Object.entries(files)) yield { path, content: pieces(bytes) };
}

/** `ipfs add` of the same bytes by a real Kubo daemon (`only-hash`: nothing is stored). */
async function kuboCid(kubo: KuboNode, files: Array<{ path: string; bytes: Uint8Array }>, cidVersion: CidVersion): Promise<string> {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([file.bytes]), encodeURIComponent(file.path));
  const query = new URLSearchParams({
    'only-hash': 'true',
    'cid-version': String(cidVersion),
    'wrap-with-directory': String(files.length > 1 || files[0]!.path.includes('/')),
  });
  const response = await fetch(`${kubo.apiUrl}/api/v0/add?${query}`, { method: 'POST', body: form });
  const lines = (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { Name: string; Hash: string });
  if (files.length === 1 && !files[0]!.path.includes('/')) return lines.at(-1)!.Hash;
  return lines.find((line) => line.Name === 'site')!.Hash;
}

/** The root of `ipfs add -r` of the folder holding these paths, by a real Kubo daemon (`only-hash`). */
async function kuboFolderCid(kubo: KuboNode, files: Record<string, Uint8Array>): Promise<string> {
  const form = new FormData();
  for (const [path, bytes] of Object.entries(files)) form.append('file', new Blob([bytes]), encodeURIComponent(path));
  const query = new URLSearchParams({ 'only-hash': 'true', 'cid-version': '1', 'wrap-with-directory': 'true' });
  const response = await fetch(`${kubo.apiUrl}/api/v0/add?${query}`, { method: 'POST', body: form });
  const lines = (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { Name: string; Hash: string });
  const top = new Set(Object.keys(files).map((path) => path.split('/')[0]!));
  const [only] = top;
  const root = top.size === 1 && !(only! in files) ? only! : '';
  return lines.find((line) => line.Name === root)!.Hash;
}

/** Whether the engine's node holds the block itself, pinned or not (`offline`: never asks the network). */
async function holdsBlock(e: EngineUnderTest, cid: string): Promise<boolean> {
  if (!e.kubo) return e.store.has(cid);
  const response = await fetch(`${e.kubo.apiUrl}/api/v0/block/stat?arg=${cid}&offline=true`, { method: 'POST' });
  await response.body?.cancel();
  return response.ok;
}

/** An import's recovery that counts the calls to `unsettled`. */
function recovery(id: string): ImportRecovery & { unsettledCalls: number } {
  const counted = {
    id,
    unsettledCalls: 0,
    unsettled() {
      counted.unsettledCalls++;
    },
  };
  return counted;
}

let reference: KuboNode;
let referenceDir: string;
beforeAll(async () => {
  referenceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-kubo-ref-'));
  reference = await startKubo({ dir: referenceDir });
}, 120_000);
afterAll(async () => {
  await reference?.stop();
  fs.rmSync(referenceDir, { recursive: true, force: true });
});

describe.each(ENGINES)('content engine contract: %s', (engine) => {
  let e: EngineUnderTest;
  beforeAll(async () => {
    e = await startEngine(engine);
  }, 180_000);
  afterAll(async () => {
    await e?.stop();
  }, 60_000);

  it.each([0, 1] as const)(
    'adds files with the CIDs of ipfs add (CIDv%s) at chunk edges, pinned and readable',
    async (cidVersion) => {
      for (const size of SIZES) {
        const bytes = bytesOf(size, size + cidVersion);
        const added = await e.store.addFile(pieces(bytes), { cidVersion, maxBytes: MAX });
        expect(added.cid, `size ${size}`).toBe(await kuboCid(reference, [{ path: 'f', bytes }], cidVersion));
        expect(added.size).toBe(size);
        expect(await e.store.isPinned(added.cid)).toBe(true);
        expect(await e.store.has(added.cid)).toBe(true);
        const stat = await e.store.stat(added.cid);
        expect(stat).toMatchObject({ cid: added.cid, type: 'file', size, files: 1, complete: true });
        if (size > 0 && size <= CHUNK + 1) expect((await readBack(e.store, added.cid)).equals(Buffer.from(bytes))).toBe(true);
      }
    },
    300_000,
  );

  it.each([0, 1] as const)(
    'adds a nested folder as one DAG with the root of ipfs add -r (CIDv%s)',
    async (cidVersion) => {
      const added = await e.store.addDirectory(tree(TREE), { cidVersion, maxBytes: MAX });
      const files = Object.entries(TREE).map(([path, bytes]) => ({ path, bytes }));
      expect(added.cid).toBe(await kuboCid(reference, files, cidVersion));
      expect(added.files.map((file) => file.path)).toEqual(Object.keys(TREE).sort());
      expect(added.size).toBe(files.reduce((sum, file) => sum + file.bytes.byteLength, 0));
      expect(await e.store.isPinned(added.cid)).toBe(true);
      const stat = await e.store.stat(added.cid);
      expect(stat).toMatchObject({ type: 'directory', files: 4, size: added.size });

      const top = await e.store.ls(added.cid, { limit: 2 });
      expect(top.total).toBe(3);
      expect(top.entries.map((entry) => entry.name)).toEqual(['css', 'img']);
      const rest = await e.store.ls(added.cid, { offset: 2, limit: 2 });
      expect(rest.entries).toMatchObject([{ name: 'index.html', type: 'file', size: 1200 }]);
      const all = await e.store.ls(added.cid, { recursive: true, offset: 1, limit: 2 });
      expect(all.total).toBe(4);
      expect(all.entries.map((entry) => entry.name)).toEqual(['img/deep/x/y.txt', 'img/logo.bin']);

      const logo = await e.store.resolve(added.cid, 'img/logo.bin');
      expect(logo).toMatchObject({ type: 'file', size: CHUNK + 7 });
      const range = await readBack(e.store, logo.cid, CHUNK - 3, 8);
      expect(range.equals(Buffer.from(TREE['site/img/logo.bin']!.subarray(CHUNK - 3, CHUNK + 5)))).toBe(true);
      await expect(e.store.resolve(added.cid, 'img/missing.png')).rejects.toMatchObject({ code: 'path_not_found' });
    },
    120_000,
  );

  it('reads single blocks by CID, each hashing to its CID, and refuses blocks it does not hold', async () => {
    const added = await e.store.addDirectory(tree(TREE), { cidVersion: 1, maxBytes: MAX });
    for (const cid of [added.cid, ...added.files.map((file) => file.cid)]) {
      const parsed = CID.parse(cid);
      const bytes = await e.store.block(cid);
      expect(Buffer.from((await sha256.digest(bytes)).digest).equals(Buffer.from(parsed.multihash.digest))).toBe(true);
    }
    const missing = CID.createV1(RAW, await sha256.digest(crypto.randomBytes(32))).toString();
    await expect(e.store.block(missing)).rejects.toBeInstanceOf(ContentNotFoundError);
  }, 60_000);

  it('counts the bytes of a pinned DAG, each distinct block once, whatever its codecs', async () => {
    const chunk = bytesOf(CHUNK, 41);
    const added = await e.store.addFile(pieces(Buffer.concat([chunk, chunk, Uint8Array.of(7)])), { cidVersion: 1, maxBytes: MAX });
    const root = await e.store.block(added.cid);
    // The root, the chunk stored once though the file names it twice, and the last byte.
    expect(await e.store.dagBytes(added.cid)).toBe(root.byteLength + CHUNK + 1);

    const leaf = bytesOf(3000, 42);
    const leafCid = CID.createV1(RAW, await sha256.digest(leaf));
    const note = dagCbor.encode({ data: leafCid, note: 'engines' });
    const noteCid = CID.createV1(dagCbor.code, await sha256.digest(note));
    const imported = await e.store.importBlocks({ roots: [noteCid] });
    await imported.put(noteCid, note);
    await imported.put(leafCid, leaf);
    await imported.pin([{ cid: noteCid, dag: [noteCid, leafCid] }]);
    expect(await e.store.dagBytes(noteCid.toString())).toBe(note.byteLength + leaf.byteLength);
    await e.store.unpin(noteCid.toString());
    await e.store.unpin(added.cid);
  }, 60_000);

  it('hands a read over as a stream: the same bytes as cat, and a file it does not hold fails before any byte', async () => {
    const bytes = bytesOf(3 * CHUNK + 5, 31);
    const added = await e.store.addFile(pieces(bytes), { cidVersion: 1, maxBytes: MAX });
    const whole = await e.store.catStream(added.cid);
    expect((await collect(whole)).equals(Buffer.from(bytes))).toBe(true);
    const range = await e.store.catStream(added.cid, { offset: CHUNK - 2, length: CHUNK + 4 });
    expect((await collect(range)).equals(Buffer.from(bytes.subarray(CHUNK - 2, 2 * CHUNK + 2)))).toBe(true);
    const missing = CID.createV1(RAW, await sha256.digest(crypto.randomBytes(32))).toString();
    await expect(e.store.catStream(missing)).rejects.toBeInstanceOf(ContentNotFoundError);
    await e.store.unpin(added.cid);
  }, 60_000);

  it('unpins, and an upload cut short leaves nothing pinned', async () => {
    const before = await e.pins();
    const added = await e.store.addFile(pieces(bytesOf(5000, 77)), { cidVersion: 1, maxBytes: MAX });
    await e.store.unpin(added.cid);
    expect(await e.store.isPinned(added.cid)).toBe(false);
    // Not held any more: the gateway stops serving it at once, before any garbage collection.
    expect(await e.store.has(added.cid)).toBe(false);
    await e.store.unpin(added.cid); // idempotent

    const over = e.store.addFile(pieces(bytesOf(3 * CHUNK, 5)), { cidVersion: 1, maxBytes: 2 * CHUNK });
    await expect(over).rejects.toBeInstanceOf(ContentTooLargeError);
    const quota = e.store.addDirectory(tree(TREE), {
      cidVersion: 1,
      maxBytes: MAX,
      onBytes: (_delta, total) => {
        if (total > 2000) throw Object.assign(new Error('quota exceeded'), { code: 'quota_exceeded' });
      },
    });
    await expect(quota).rejects.toMatchObject({ code: 'quota_exceeded' });
    const controller = new AbortController();
    const aborted = e.store.addFile(
      (async function* () {
        yield bytesOf(CHUNK, 9);
        controller.abort();
        yield bytesOf(CHUNK, 10);
      })(),
      { cidVersion: 1, maxBytes: MAX, signal: controller.signal },
    );
    await expect(aborted).rejects.toThrow();
    expect(await e.pins()).toEqual(before);
  }, 60_000);

  it.runIf(engine === 'kubo')(
    'fails at once an upload whose blocks a garbage collection took before its pin, pinning nothing',
    async () => {
      const before = await e.pins();
      const collect = async (): Promise<void> => {
        const response = await fetch(`${e.kubo!.apiUrl}/api/v0/repo/gc`, { method: 'POST' });
        await response.text();
      };
      const upload = e.store.addFile(pieces(bytesOf(3 * CHUNK, 31)), { cidVersion: 1, maxBytes: MAX, beforePin: collect });
      // Pinned online, the pin would wait on the network for blocks nobody has, past this test's time.
      await expect(upload).rejects.toThrow(/not found|offline/i);
      expect(await e.pins()).toEqual(before);
    },
    30_000,
  );

  it('pins a file given a recovery as it imports it where the engine can; what a failure leaves is unsettled and found', async () => {
    // Kubo (and a Cluster, through the Kubo Cairn reads through) pins a file as it imports it; the
    // embedded engine pins after the claim, whatever it is given.
    const pinsEarly = engine !== 'embedded';
    const first = recovery(crypto.randomUUID());
    let seen: string[] = [];
    let pinnedAtClaim: boolean | undefined;
    const added = await e.store.addFile(pieces(bytesOf(3 * CHUNK + 5, 41)), {
      cidVersion: 1,
      maxBytes: MAX,
      recovery: first,
      beforePin: async (cid) => {
        seen = await e.store.pinnedByImport(first.id);
        pinnedAtClaim = await e.store.isPinned(cid);
      },
    });
    // Pinned by the import itself, before the claim: found by its import's id, and by no other.
    expect(seen).toEqual(pinsEarly ? [added.cid] : []);
    // A Cluster pins it through the Cluster after the claim, its peer's Kubo holding it already.
    expect(pinnedAtClaim).toBe(engine === 'kubo');
    expect(first.unsettledCalls).toBe(0);
    expect(await e.store.isPinned(added.cid)).toBe(true);
    expect(await e.store.pinnedByImport(`${first.id}-x`)).toEqual([]);
    expect(await e.store.pinnedByImport(first.id.slice(0, -4))).toEqual([]);

    const claimFails = recovery(`${first.id}-claim`);
    let claimed = '';
    const failed = await e.store
      .addFile(pieces(bytesOf(2 * CHUNK, 42)), {
        cidVersion: 1,
        maxBytes: MAX,
        recovery: claimFails,
        beforePin: async (cid) => {
          claimed = cid;
          throw new Error('the claim could not be written');
        },
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ message: 'the claim could not be written' });
    expect(claimFails.unsettledCalls).toBe(pinsEarly ? 1 : 0);
    const orphans = await e.store.pinnedByImport(claimFails.id);
    expect(orphans).toEqual(pinsEarly ? [claimed] : []);
    if (!pinsEarly) expect(await e.store.isPinned(claimed)).toBe(false);

    const cutShort = recovery(`${first.id}-cut`);
    const over = await e.store
      .addFile(pieces(bytesOf(3 * CHUNK, 43)), { cidVersion: 1, maxBytes: 2 * CHUNK, recovery: cutShort })
      .catch((error: unknown) => error);
    expect(over).toBeInstanceOf(ContentTooLargeError);
    expect(cutShort.unsettledCalls).toBe(0);
    expect(await e.store.pinnedByImport(cutShort.id)).toEqual([]);
    for (const cid of [added.cid, ...orphans]) await e.store.unpin(cid);
  }, 60_000);

  it.each([
    ['one folder', { 'site/a.bin': bytesOf(CHUNK + 3, 51), 'site/sub/b.txt': bytesOf(10, 52), 'site/c.txt': bytesOf(0, 53) }],
    ['files at the top', { 'a.txt': bytesOf(20, 54), 'site/b.bin': bytesOf(CHUNK, 55) }],
    ['a folder, then a path outside it', { 'site/a.bin': bytesOf(CHUNK + 3, 56), 'site/e.txt': bytesOf(0, 57), 'x.txt': bytesOf(9, 58) }],
    [
      'a folder left and come back to',
      { 'site/a.txt': bytesOf(30, 59), 'other/b.txt': bytesOf(40, 60), 'site/c/d.bin': bytesOf(CHUNK + 1, 61) },
    ],
  ] as const)(
    'pins a folder given a recovery (%s) as it imports it where the engine can, with the root of ipfs add -r',
    async (_shape, files) => {
      const pinsEarly = engine !== 'embedded';
      const folder = recovery(crypto.randomUUID());
      const claims: string[] = [];
      let seen: string[] = [];
      const added = await e.store.addDirectory(tree(files), {
        cidVersion: 1,
        maxBytes: MAX,
        recovery: folder,
        beforePin: async (cid) => {
          claims.push(cid);
          seen = await e.store.pinnedByImport(folder.id);
        },
      });
      const expected = await kuboFolderCid(reference, files);
      expect(added.cid).toBe(expected);
      expect(added.files.map((file) => file.path)).toEqual(Object.keys(files).sort());
      expect(added.size).toBe(Object.values(files).reduce((sum, bytes) => sum + bytes.byteLength, 0));
      expect(claims.at(-1)).toBe(expected);
      // Pinned by the import before its last claim; a folder imported again under the wrapper is
      // claimed too, so that it goes once the upload is recorded.
      if (pinsEarly) expect(seen.sort()).toEqual([...claims].sort());
      else expect(seen).toEqual([]);
      expect(folder.unsettledCalls).toBe(0);
      expect(await e.store.isPinned(added.cid)).toBe(true);
      for (const file of added.files)
        expect((await readBack(e.store, file.cid)).equals(Buffer.from(files[file.path as keyof typeof files]))).toBe(true);
      for (const cid of claims) await e.store.unpin(cid);
    },
    60_000,
  );

  it('leaves a folder given a recovery unsettled only once it may be pinned unclaimed', async () => {
    const pinsEarly = engine !== 'embedded';
    const before = await e.pins();
    const claimFails = recovery(crypto.randomUUID());
    let claimed = '';
    const failed = await e.store
      .addDirectory(tree({ 'site/a.txt': bytesOf(700, 65), 'site/b/c.bin': bytesOf(CHUNK + 9, 66) }), {
        cidVersion: 1,
        maxBytes: MAX,
        recovery: claimFails,
        beforePin: async (cid) => {
          claimed = cid;
          throw new Error('the claim could not be written');
        },
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ message: 'the claim could not be written' });
    expect(claimFails.unsettledCalls).toBe(pinsEarly ? 1 : 0);
    expect(await e.store.pinnedByImport(claimFails.id)).toEqual(pinsEarly ? [claimed] : []);
    if (pinsEarly) await e.store.unpin(claimed);

    // Refused half-way, in the folder's request and after it, in the wrapped one: nothing pinned.
    for (const limit of [1000, CHUNK + 100]) {
      const cutShort = recovery(`${claimFails.id}-${limit}`);
      const claims: string[] = [];
      const over = await e.store
        .addDirectory(tree({ 'site/a.bin': bytesOf(CHUNK, 62), 'x.txt': bytesOf(200, 63), 'y.bin': bytesOf(CHUNK, 64) }), {
          cidVersion: 1,
          maxBytes: limit,
          recovery: cutShort,
          beforePin: async (cid) => {
            claims.push(cid);
          },
        })
        .catch((error: unknown) => error);
      expect(over).toBeInstanceOf(ContentTooLargeError);
      expect(cutShort.unsettledCalls).toBe(0);
      // What the folder's request pinned is claimed (its release is the caller's): nothing else.
      expect(await e.store.pinnedByImport(cutShort.id)).toEqual(claims);
      for (const cid of claims) await e.store.unpin(cid);
    }
    expect(await e.pins()).toEqual(before);
  }, 60_000);

  it('imports verified blocks (a CAR upload): pinned only by its pin, whole after it; an aborted import leaves nothing', async () => {
    const before = await e.pins();
    const leaves = [bytesOf(CHUNK, 51), bytesOf(CHUNK, 52), bytesOf(1000, 53)];
    const file = await unixfsFile(leaves);
    const root = file.root.cid.toString();
    const dag = [file.root, ...file.leaves];
    const imported = await e.store.importBlocks({ roots: [file.root.cid] });
    for (const block of dag) await imported.put(block.cid, block.bytes);
    expect(await e.store.isPinned(root)).toBe(false);
    await imported.pin([{ cid: file.root.cid, dag: dag.map((block) => block.cid) }]);
    await imported.abort(); // after the pin it does nothing
    expect(await e.store.isPinned(root)).toBe(true);
    expect((await readBack(e.store, root)).equals(Buffer.concat(leaves))).toBe(true);
    expect(await e.store.dagBytes(root)).toBe(dag.reduce((sum, block) => sum + block.bytes.byteLength, 0));
    expect(await e.store.stat(root)).toMatchObject({ type: 'file', size: 2 * CHUNK + 1000, complete: true });

    // Blocks the engine holds already need not be put again: the root alone completes a second file.
    const again = await unixfsFile([leaves[1]!, leaves[0]!]);
    const second = await e.store.importBlocks({ roots: [again.root.cid] });
    await second.put(again.root.cid, again.root.bytes);
    await second.pin([{ cid: again.root.cid, dag: [again.root.cid, ...again.leaves.map((block) => block.cid)] }]);
    expect((await readBack(e.store, again.root.cid.toString())).equals(Buffer.concat([leaves[1]!, leaves[0]!]))).toBe(true);

    const other = await unixfsFile([bytesOf(3000, 54), bytesOf(3000, 55)]);
    const dropped = await e.store.importBlocks({ roots: [other.root.cid] });
    for (const block of [other.root, ...other.leaves]) await dropped.put(block.cid, block.bytes);
    await dropped.abort();
    await dropped.abort(); // idempotent
    expect(await e.store.isPinned(other.root.cid.toString())).toBe(false);
    // Left unpinned, its blocks are garbage: gone at once, or in the engine's next collection.
    expect((await e.store.collectGarbage()).errors).toEqual([]);
    for (const block of [other.root, ...other.leaves]) expect(await holdsBlock(e, block.cid.toString())).toBe(false);
    expect(await holdsBlock(e, root)).toBe(true);
    if (e.kubo) expect(await e.pins()).toEqual(new Set([...before, root, again.root.cid.toString()]));
    await e.store.unpin(root);
    await e.store.unpin(again.root.cid.toString());
    expect(await e.pins()).toEqual(before);
  }, 60_000);

  it('removes unpinned blocks at the unpin, or in the garbage collection its capabilities state; kept content stays whole', async () => {
    const keptBytes = bytesOf(2 * CHUNK + 3, 61);
    const kept = await e.store.addFile(pieces(keptBytes), { cidVersion: 1, maxBytes: MAX });
    const dropped = await e.store.addFile(pieces(bytesOf(2 * CHUNK + 5, 62)), { cidVersion: 1, maxBytes: MAX });
    const children = dagPb.decode(await e.store.block(dropped.cid)).Links.map((link) => link.Hash.toString());
    expect(children).toHaveLength(3);
    await e.store.unpin(dropped.cid);
    const collects = e.store.capabilities.garbageCollection;
    expect(collects).toBe(engine !== 'embedded');
    // Without a collection of its own, an engine has removed them already.
    for (const child of children) expect(await holdsBlock(e, child)).toBe(collects);

    const collected = await e.store.collectGarbage();
    expect(collected.errors).toEqual([]);
    if (collects) expect(collected.removed).toBeGreaterThanOrEqual(children.length);
    else expect(collected.removed).toBe(0);
    for (const child of children) expect(await holdsBlock(e, child)).toBe(false);
    expect((await readBack(e.store, kept.cid)).equals(Buffer.from(keptBytes))).toBe(true);
    await e.store.unpin(kept.cid);
  }, 60_000);

  it('reports the status and allocation of a pin', async () => {
    const added = await e.store.addFile(pieces(bytesOf(100, 42)), { cidVersion: 1, maxBytes: MAX });
    // A Cluster's peers report their pins as they track them: a moment after the add.
    let status: Awaited<ReturnType<typeof e.store.status>> = [];
    await eventually(
      'every peer reports the pin',
      async () => {
        status = await e.store.status(added.cid);
        return status.every((peer) => peer.status === 'pinned');
      },
      { withinMs: 10_000, everyMs: 100 },
    );
    expect(status.length).toBeGreaterThan(0);
    expect(status.every((peer) => peer.status === 'pinned' && peer.peerName.length > 0)).toBe(true);
    const allocation = await e.store.allocations(added.cid);
    expect(allocation?.peers.length).toBe(status.length);
    await e.store.unpin(added.cid);
    expect(await e.store.allocations(added.cid)).toBeNull();
    expect(await e.store.status(added.cid)).toEqual([]);
  }, 60_000);

  it('pins by CID what only another node holds, and gives up on what nobody holds', async () => {
    if (!e.kubo) return; // the embedded engine's peer pins are proven in network.test.ts and peer-pin.test.ts
    await connectKubo(reference, e.kubo);
    const bytes = crypto.randomBytes(3 * CHUNK + 11);
    const form = new FormData();
    form.append('file', new Blob([bytes]));
    const response = await fetch(`${reference.apiUrl}/api/v0/add?cid-version=1&pin=true`, { method: 'POST', body: form });
    const cid = ((await response.json()) as { Hash: string }).Hash;
    expect(await e.store.has(cid)).toBe(false);
    const pinned = await e.store.pin(cid, { timeoutMs: 30_000 });
    expect(pinned.cid).toBe(cid);
    expect(await e.store.isPinned(cid)).toBe(true);
    expect((await readBack(e.store, cid)).equals(bytes)).toBe(true);

    const nobody = CID.createV1(RAW, await sha256.digest(crypto.randomBytes(32))).toString();
    await expect(e.store.pin(nobody, { timeoutMs: 1500 })).rejects.toBeInstanceOf(ContentNotFoundError);
  }, 90_000);
});
