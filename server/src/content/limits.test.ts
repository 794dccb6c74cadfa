import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedContentStore } from './embedded-store';
import { ContentAbortedError, ContentTooLargeError } from './errors';
import { PIECE_BYTES } from './import/protocol';
import { bytesOf, chunks, packFiles, tempStore } from './test-helpers';

let store: EmbeddedContentStore;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ store, dir, cleanup } = await tempStore()));
afterAll(() => cleanup());

/** Nothing counts after a refused upload: no root, no block, no pack file. */
async function expectNothingKept(attempt: () => Promise<unknown>, error: unknown): Promise<void> {
  const before = store.stats();
  const packs = packFiles(dir);
  await expect(attempt()).rejects.toBeInstanceOf(error as never);
  expect(store.stats()).toEqual(before);
  expect(packFiles(dir)).toEqual(packs);
}

describe('size cap and budget while streaming', () => {
  it('accepts exactly maxBytes and refuses one byte more', async () => {
    const bytes = bytesOf(3 * 262_144 + 5, 11);
    const exact = await store.addFile(chunks(bytes), { maxBytes: bytes.byteLength });
    expect(exact.size).toBe(bytes.byteLength);
    await store.unpin(exact.cid);
    const over = Buffer.concat([bytes, Buffer.from([1])]);
    await expectNothingKept(() => store.addFile(chunks(over), { maxBytes: bytes.byteLength }), ContentTooLargeError);
    expect(await store.has(exact.cid)).toBe(false);
  });

  it('stops at the cap without reading the rest of an endless stream', async () => {
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced += 65_536;
        yield bytesOf(65_536, produced);
      }
    }
    await expectNothingKept(() => store.addFile(endless(), { maxBytes: 5 * 1024 * 1024 }), ContentTooLargeError);
    expect(produced).toBeLessThanOrEqual(5 * 1024 * 1024 + 65_536);
  });

  it('caps the running total of a directory', async () => {
    async function* tree() {
      for (let i = 0; i < 10; i++) yield { path: `d/f${i}.bin`, content: chunks(bytesOf(100_000, i)) };
    }
    await expectNothingKept(() => store.addDirectory(tree(), { maxBytes: 450_000 }), ContentTooLargeError);
  });

  it('lets the budget hook refuse mid-stream (quota) and reports running totals', async () => {
    class QuotaError extends Error {}
    const calls: Array<[number, number]> = [];
    const onBytes = (delta: number, total: number) => {
      calls.push([delta, total]);
      if (total > 1.5 * PIECE_BYTES) throw new QuotaError('storage quota exceeded');
    };
    await expectNothingKept(() => store.addFile(chunks(bytesOf(4 * PIECE_BYTES, 5)), { maxBytes: 1 << 30, onBytes }), QuotaError);
    expect(calls.map(([, total]) => total)).toEqual([PIECE_BYTES, 2 * PIECE_BYTES]);
    expect(calls.every(([delta]) => delta === PIECE_BYTES)).toBe(true);
  });
});

describe('abort (client disconnect)', () => {
  it('throws and keeps nothing when aborted mid-stream', async () => {
    const controller = new AbortController();
    let sent = 0;
    async function* slow() {
      for (let i = 0; i < 200; i++) {
        if (i === 20) controller.abort(new Error('client went away'));
        sent++;
        yield bytesOf(65_536, i);
        await new Promise((r) => setImmediate(r));
      }
    }
    await expectNothingKept(() => store.addFile(slow(), { maxBytes: 1 << 30, signal: controller.signal }), ContentAbortedError);
    expect(sent).toBeLessThan(200);
  });

  it('keeps nothing when the source itself fails (truncated multipart)', async () => {
    async function* truncated() {
      yield bytesOf(3 << 20, 9);
      throw new Error('Unexpected end of form');
    }
    await expectNothingKept(() => store.addFile(truncated(), { maxBytes: 1 << 30 }), Error);
  });

  it('leaves no listener on a signal that many imports share, as a folder uploaded as files does', async () => {
    const request = new AbortController();
    for (let i = 0; i < 12; i++) {
      const added = await store.addFile(chunks(bytesOf(1000, 700 + i)), { maxBytes: 1 << 20, signal: request.signal });
      await store.unpin(added.cid);
    }
    const refused = store.addFile(chunks(bytesOf(2000, 720)), { maxBytes: 1000, signal: request.signal });
    await expect(refused).rejects.toBeInstanceOf(ContentTooLargeError);
    // A listener left behind would keep each ended import, and its 4 MiB pieces, alive until the request ends.
    expect(getEventListeners(request.signal, 'abort')).toHaveLength(0);
  });

  it('still works after refused uploads (the import worker is reused)', async () => {
    const added = await store.addFile(chunks(Buffer.from('after')), { maxBytes: 10 });
    expect(await store.isPinned(added.cid)).toBe(true);
  });
});
