import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedContentStore } from './embedded-store';
import { bytesOf, chunks, collect, getBlock, packFiles, tempStore } from './test-helpers';

const CHUNK = 262_144;
let store: EmbeddedContentStore;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ store, dir, cleanup } = await tempStore()));
afterAll(() => cleanup());

const leafCid = async (bytes: Uint8Array) => CID.createV1(raw.code, await sha256.digest(bytes)).toString();

describe('unpin and garbage collection', () => {
  it('removes the blocks of a DAG but keeps those shared with another pinned DAG', async () => {
    const a = bytesOf(CHUNK, 1);
    const b = bytesOf(CHUNK, 2);
    const c = bytesOf(CHUNK, 3);
    const d = bytesOf(CHUNK, 4);
    const x = await store.addFile(chunks(Buffer.concat([a, b, c])), { maxBytes: 1 << 30 });
    const y = await store.addFile(chunks(Buffer.concat([a, b, d])), { maxBytes: 1 << 30 });
    expect(store.stats()).toMatchObject({ roots: 2, blocks: 6, packs: 2 });

    await store.unpin(x.cid);
    expect(await store.isPinned(x.cid)).toBe(false);
    expect(await store.has(x.cid)).toBe(false);
    expect(await store.has(await leafCid(c))).toBe(false);
    expect(await store.has(await leafCid(a))).toBe(true);
    expect((await collect(store.cat(y.cid))).equals(Buffer.concat([a, b, d]))).toBe(true);
    // x's pack still holds a and b, which y uses: the file stays until they go too.
    expect(store.stats()).toMatchObject({ roots: 1, blocks: 4, packs: 2 });

    await store.unpin(y.cid);
    expect(store.stats()).toMatchObject({ roots: 0, blocks: 0, packs: 0, packBytes: 0 });
    expect(packFiles(dir)).toEqual([]);
  });

  it('keeps a file that is also inside a pinned directory', async () => {
    const bytes = bytesOf(2 * CHUNK + 1, 7);
    const file = await store.addFile(chunks(bytes), { maxBytes: 1 << 30 });
    async function* tree() {
      yield { path: 'inner/file.bin', content: chunks(bytes) };
      yield { path: 'other.txt', content: chunks(Buffer.from('other')) };
    }
    const folder = await store.addDirectory(tree(), { maxBytes: 1 << 30 });
    expect(folder.files[0]!.cid).toBe(file.cid);

    await store.unpin(file.cid);
    expect((await collect(store.cat(file.cid))).equals(bytes)).toBe(true);
    expect((await store.stat(file.cid)).complete).toBe(true);

    await store.unpin(folder.cid);
    expect(await store.has(file.cid)).toBe(false);
    expect(store.stats()).toMatchObject({ roots: 0, blocks: 0 });
    expect(packFiles(dir)).toEqual([]);
  });

  it('treats the same content uploaded twice as one pin and stores it once', async () => {
    const bytes = bytesOf(5 * CHUNK, 9);
    const first = await store.addFile(chunks(bytes), { maxBytes: 1 << 30 });
    const second = await store.addFile(chunks(bytes, 1 << 20), { maxBytes: 1 << 30 });
    expect(second.cid).toBe(first.cid);
    expect(store.stats()).toMatchObject({ roots: 1, packs: 1 });
    // v0 of the same bytes is another DAG (dag-pb leaves), pinned on its own.
    const v0 = await store.addFile(chunks(bytes), { cidVersion: 0, maxBytes: 1 << 30 });
    expect(store.stats()).toMatchObject({ roots: 2 });
    await store.unpin(first.cid);
    expect((await collect(store.cat(v0.cid))).equals(bytes)).toBe(true);
    await store.unpin(v0.cid);
    await store.unpin(v0.cid); // idempotent
    expect(store.stats()).toMatchObject({ roots: 0, blocks: 0, packs: 0 });
  });

  it('pins local content by CID without fetching, and a v0 CID and its v1 form are one pin', async () => {
    const bytes = bytesOf(3 * CHUNK, 12);
    async function* tree() {
      yield { path: 'a.bin', content: chunks(bytes) };
    }
    const folder = await store.addDirectory(tree(), { cidVersion: 0, maxBytes: 1 << 30 });
    const inner = folder.files[0]!.cid;
    const pinned = await store.pin(inner);
    expect(pinned).toMatchObject({ cid: inner, bytesFetched: 0, blocks: 4 });
    const asV1 = CID.parse(inner).toV1().toString();
    expect(await store.isPinned(asV1)).toBe(true);
    await store.unpin(folder.cid);
    expect((await collect(store.cat(inner))).equals(bytes)).toBe(true);
    await store.unpin(asV1);
    expect(store.stats()).toMatchObject({ roots: 0, blocks: 0, packs: 0 });
  });

  it('compacts a pack left mostly dead: the live blocks move to a new pack and the disk space comes back', async () => {
    const kept = bytesOf(2 * CHUNK + 5, 21);
    const dropped = bytesOf(8 * CHUNK, 22);
    async function* tree() {
      yield { path: 'kept.bin', content: chunks(kept) };
      yield { path: 'dropped.bin', content: chunks(dropped) };
    }
    const folder = await store.addDirectory(tree(), { maxBytes: 1 << 30 });
    const [folderPack] = packFiles(dir);
    // The same file uploaded on its own is stored once: its blocks stay in the folder's pack.
    const file = await store.addFile(chunks(kept), { maxBytes: 1 << 30 });
    expect(file.cid).toBe(folder.files.find((f) => f.path === 'kept.bin')!.cid);
    expect(store.stats()).toMatchObject({ roots: 2, packs: 1 });

    await store.unpin(folder.cid);
    // Reading the file while its pack is being rewritten gets the right bytes.
    const during = collect(store.cat(file.cid));
    await store.compacted();
    expect((await during).equals(kept)).toBe(true);
    const after = store.stats();
    expect(after).toMatchObject({ roots: 1, packs: 1 });
    expect(after.packBytes).toBe(after.liveBytes);
    expect(after.packBytes).toBeLessThan(3 * CHUNK);
    expect(packFiles(dir)).toHaveLength(1);
    expect(packFiles(dir)[0]).not.toBe(folderPack);
    expect((await collect(store.cat(file.cid))).equals(kept)).toBe(true);
    expect(await getBlock(dir, file.cid)).toBeDefined();

    await store.unpin(file.cid);
    await store.compacted();
    expect(store.stats()).toMatchObject({ roots: 0, blocks: 0, packs: 0, packBytes: 0 });
    expect(packFiles(dir)).toEqual([]);
  });

  it('leaves a pack alone when little of it is dead', async () => {
    const shared = bytesOf(4 * CHUNK, 31);
    const extra = bytesOf(CHUNK, 32);
    async function* tree() {
      yield { path: 'shared.bin', content: chunks(shared) };
      yield { path: 'extra.bin', content: chunks(extra) };
    }
    const folder = await store.addDirectory(tree(), { maxBytes: 1 << 30 });
    const file = await store.addFile(chunks(shared), { maxBytes: 1 << 30 });
    const before = packFiles(dir);
    await store.unpin(folder.cid);
    await store.compacted();
    expect(packFiles(dir)).toEqual(before);
    expect(store.stats().liveBytes).toBeLessThan(store.stats().packBytes);
    await store.unpin(file.cid);
    expect(packFiles(dir)).toEqual([]);
  });

  it('survives a restart: index and packs are on disk', async () => {
    const { store: first, dir: dataDir, cleanup: done } = await tempStore();
    const added = await first.addFile(chunks(bytesOf(CHUNK + 3, 5)), { maxBytes: 1 << 30 });
    await first.close();
    const { createEmbeddedContentStore } = await import('./embedded-store');
    const again = await createEmbeddedContentStore({ dataDir, fsync: false });
    try {
      expect(await again.isPinned(added.cid)).toBe(true);
      expect((await collect(again.cat(added.cid))).byteLength).toBe(CHUNK + 3);
    } finally {
      await again.close();
      await done().catch(() => undefined);
    }
  });

  it('on restart, deletes pack files the index does not know and compacts packs left mostly dead', async () => {
    const { store: first, dir: dataDir, cleanup: done } = await tempStore();
    const kept = bytesOf(CHUNK, 41);
    async function* tree() {
      yield { path: 'kept.bin', content: chunks(kept) };
      yield { path: 'dropped.bin', content: chunks(bytesOf(6 * CHUNK, 42)) };
    }
    const folder = await first.addDirectory(tree(), { maxBytes: 1 << 30 });
    const file = await first.addFile(chunks(kept), { maxBytes: 1 << 30 });
    await first.unpin(folder.cid);
    expect(first.stats().liveBytes).toBeLessThan(first.stats().packBytes / 2);
    // Stopped before the compaction that unpinning queued could start.
    await first.close();
    writeFileSync(path.join(dataDir, 'ipfs', 'blocks', 'packs', '9999.pack'), 'left behind');
    const { createEmbeddedContentStore } = await import('./embedded-store');
    const again = await createEmbeddedContentStore({ dataDir, fsync: false });
    try {
      await again.compacted();
      const stats = again.stats();
      expect(stats).toMatchObject({ roots: 1, packs: 1 });
      expect(stats.packBytes).toBe(stats.liveBytes);
      expect(packFiles(dataDir)).toHaveLength(1);
      expect(packFiles(dataDir)).not.toContain('9999.pack');
      expect((await collect(again.cat(file.cid))).equals(kept)).toBe(true);
    } finally {
      await again.close();
      await done().catch(() => undefined);
    }
  });
});
