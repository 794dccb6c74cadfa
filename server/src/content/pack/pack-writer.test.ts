import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesOf } from '../test-helpers';
import { supportsDirectIo } from './direct-io';
import { decodeEntries } from './entries';
import { PackWriter } from './pack-writer';
import { SLAB_BYTES } from './slabs';

const dir = mkdtempSync(path.join(tmpdir(), 'cairn-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Direct I/O where the temp directory's file system takes it, and the page cache.
const modes = [...((await supportsDirectIo(dir)) ? [true] : []), false];

const multihash = (i: number) => Uint8Array.from([0x12, 0x20, ...bytesOf(32, i + 1)]);

describe.each(modes)('PackWriter (direct I/O: %s)', (direct) => {
  it('appends blocks of any size across slabs and leaves a file of exactly their bytes', async () => {
    const file = path.join(dir, `a-${direct}.pack`);
    const writer = await PackWriter.create(file, direct);
    const sizes = [1, 262_144, SLAB_BYTES - 5, 10, 3 * SLAB_BYTES + 7, 4095, 0, 4097];
    const blocks = sizes.map((size, i) => bytesOf(size, i + 10));
    for (const [i, block] of blocks.entries()) expect(writer.add(multihash(i), block)).toBe(true);
    expect(writer.add(multihash(0), blocks[0]!)).toBe(false); // the same block again is stored once
    const { entries, bytes } = await writer.finish(true);
    const expected = Buffer.concat(blocks);
    expect(bytes).toBe(expected.byteLength);
    const written = readFileSync(file);
    expect(written.equals(expected)).toBe(true);
    const decoded = [...decodeEntries(entries)];
    expect(decoded.map((e) => e.length)).toEqual(sizes);
    for (const [i, entry] of decoded.entries()) {
      expect(written.subarray(entry.offset, entry.offset + entry.length).equals(blocks[i]!)).toBe(true);
    }
  });

  it('writes nothing but an empty file for an empty pack, and discard removes the file', async () => {
    const empty = path.join(dir, `empty-${direct}.pack`);
    expect((await (await PackWriter.create(empty, direct)).finish(false)).bytes).toBe(0);
    expect(readFileSync(empty).byteLength).toBe(0);

    const dropped = path.join(dir, `dropped-${direct}.pack`);
    const writer = await PackWriter.create(dropped, direct);
    writer.add(multihash(1), bytesOf(SLAB_BYTES + 1, 3));
    await writer.flush();
    await writer.discard();
    expect(existsSync(dropped)).toBe(false);
  });
});
