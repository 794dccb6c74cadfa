import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedContentStore } from './embedded-store';
import { InvalidCidError, NotAFileError } from './errors';
import { bytesOf, chunks, collect, tempStore } from './test-helpers';

let store: EmbeddedContentStore;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ store, cleanup } = await tempStore()));
afterAll(() => cleanup());

describe('cat with ranges', () => {
  const size = 11 * 1024 * 1024 + 123; // several 4 MiB read windows, not chunk-aligned
  const bytes = bytesOf(size, 21);
  let cid: string;
  beforeAll(async () => ({ cid } = await store.addFile(chunks(bytes, 1 << 20), { maxBytes: size })));

  it.each([
    [0, undefined],
    [0, 1],
    [262_143, 2],
    [262_144, 262_144],
    [4 * 1024 * 1024 - 1, 4 * 1024 * 1024 + 2],
    [size - 10, 10],
    [size - 10, 1000], // past the end: clamped
    [size, 5], // at the end: empty
    [123_456, undefined],
  ])('offset %i length %s returns exactly those bytes', async (offset, length) => {
    const got = await collect(store.cat(cid, { offset, length }));
    const end = length === undefined ? size : Math.min(size, offset + length);
    expect(got.equals(bytes.subarray(offset, end))).toBe(true);
  });

  it('stats a file and reads v0 and raw-leaf files alike', async () => {
    expect(await store.stat(cid)).toEqual({ cid, type: 'file', size, files: 1, complete: true });
    const small = await store.addFile(chunks(Buffer.from('tiny')), { cidVersion: 0, maxBytes: 10 });
    expect((await collect(store.cat(small.cid, { offset: 1, length: 2 }))).toString()).toBe('in');
    const empty = await store.addFile(chunks(new Uint8Array(0)), { maxBytes: 10 });
    expect((await collect(store.cat(empty.cid))).byteLength).toBe(0);
    const raw = await store.addFile(chunks(Buffer.from('tiny')), { maxBytes: 10 });
    expect(await store.stat(raw.cid)).toMatchObject({ type: 'file', size: 4 });
  });

  it('honours an abort signal between windows', async () => {
    const controller = new AbortController();
    let read = 0;
    await expect(
      (async () => {
        for await (const part of store.cat(cid, { signal: controller.signal })) {
          read += part.byteLength;
          controller.abort();
        }
      })(),
    ).rejects.toThrow();
    expect(read).toBeLessThan(size);
  });

  it('refuses bad CIDs, unknown CIDs and directories with typed errors', async () => {
    await expect(store.stat('not-a-cid')).rejects.toBeInstanceOf(InvalidCidError);
    await expect(collect(store.cat('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy'))).rejects.toMatchObject({
      code: 'content_not_found',
    });
    async function* tree() {
      yield { path: 'x.txt', content: chunks(Buffer.from('x')) };
    }
    const folder = await store.addDirectory(tree(), { maxBytes: 10 });
    await expect(collect(store.cat(folder.cid))).rejects.toBeInstanceOf(NotAFileError);
    expect(await store.has(folder.cid)).toBe(true);
    expect(await store.has('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy')).toBe(false);
  });
});

describe('large reads through sequential windows', () => {
  it.each([0, 1] as const)('reads a CIDv%i file of more than 174 leaves back exactly, whole and in ranges', async (cidVersion) => {
    // 180 leaves: the pack holds a DAG node between the leaves, which the windows must step over.
    const size = 180 * 262_144 + 99;
    const bytes = bytesOf(size, 30 + cidVersion);
    const { cid } = await store.addFile(chunks(bytes, 1 << 20), { cidVersion, maxBytes: size });
    expect((await collect(store.cat(cid))).equals(bytes)).toBe(true);
    for (const [offset, length] of [
      [173 * 262_144 - 5, 6 * 1024 * 1024],
      [4 * 1024 * 1024 - 7, 9 * 1024 * 1024],
    ] as const) {
      expect((await collect(store.cat(cid, { offset, length }))).equals(bytes.subarray(offset, offset + length))).toBe(true);
    }
  });

  it('reads and writes through the page cache where direct I/O is off', async () => {
    const paged = await tempStore({ directIo: false, fsync: true });
    try {
      const bytes = bytesOf(9 * 1024 * 1024 + 3, 44);
      const { cid } = await paged.store.addFile(chunks(bytes, 1 << 20), { maxBytes: bytes.byteLength });
      expect((await collect(paged.store.cat(cid))).equals(bytes)).toBe(true);
      const range = await collect(paged.store.cat(cid, { offset: 5, length: 5 * 1024 * 1024 }));
      expect(range.equals(bytes.subarray(5, 5 + 5 * 1024 * 1024))).toBe(true);
    } finally {
      await paged.cleanup();
    }
  });
});
