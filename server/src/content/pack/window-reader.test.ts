import { rmSync } from 'node:fs';
import path from 'node:path';
import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bytesOf, chunks, tempStore } from '../test-helpers';
import { PackStore } from './pack-store';
import { acquireSlab, KEEP_FREE, releaseSlab } from './slabs';
import { WindowReader } from './window-reader';

const LEAF = 262_144;
// 170 leaves under one root node: about ten 4 MiB windows, read one after another.
const LEAVES = 170;
const bytes = bytesOf(LEAVES * LEAF, 7);
let dir: string | undefined;
let leaves: CID[];
let packs: PackStore;

beforeAll(async () => {
  const temp = await tempStore();
  const { cid } = await temp.store.addFile(chunks(bytes, 1 << 20), { cidVersion: 1, maxBytes: bytes.byteLength });
  await temp.store.close();
  dir = temp.dir;
  packs = new PackStore(path.join(dir, 'ipfs', 'blocks'), false);
  await packs.recover();
  const root = dagPb.decode((await packs.get(CID.parse(cid)))!);
  leaves = root.Links.map((link) => link.Hash);
  expect(leaves).toHaveLength(LEAVES);
});

afterAll(async () => {
  await packs?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('keeps a lent block intact while the reader moves on, and reuses its slab only once it is given back', async (ctx) => {
  if (!packs.directIo) ctx.skip(); // windows are read with O_DIRECT only: elsewhere every block is a store read
  const reader = new WindowReader(packs);
  try {
    const first = (await reader.borrow(leaves[0]!))!;
    // Every later leaf: the reader moves through all the windows and reads ahead into free slabs.
    for (let i = 1; i < LEAVES; i++) {
      const lent = (await reader.borrow(leaves[i]!))!;
      expect(Buffer.from(lent.bytes).equals(bytes.subarray(i * LEAF, (i + 1) * LEAF))).toBe(true);
      lent.done();
    }
    expect(Buffer.from(first.bytes).equals(bytes.subarray(0, LEAF))).toBe(true);
    // The pool emptied, so that a slab given back is the next one handed out.
    const held = Array.from({ length: KEEP_FREE }, () => acquireSlab());
    first.done();
    first.done(); // a second call gives nothing back twice
    const reused = acquireSlab();
    const other = acquireSlab();
    try {
      // Compared as booleans: a failure message that printed 4 MiB of memory would take minutes.
      expect(reused.buffer === first.bytes.buffer).toBe(true);
      expect(other.buffer === first.bytes.buffer).toBe(false);
    } finally {
      for (const slab of [other, reused, ...held]) releaseSlab(slab);
    }
  } finally {
    await reader.close();
  }
});
