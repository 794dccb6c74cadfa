import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import { identity } from 'multiformats/hashes/identity';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { cborBlock, fileNode, folderNode, leafBytes, pbBlock } from '../../../test/car-shapes';
import { rawBlock, type TestBlock } from '../../../test/cars';
import { blockKey, checkedDag, MAX_DAG_BLOCKS } from './car-dag';
import { blockFacts, type BlockFacts } from './car-unixfs';

/** A content store that holds nothing: every block must come from the CAR. */
const nothingHeld = {
  has: async () => false,
  block: async (): Promise<Uint8Array> => {
    throw new Error('not held');
  },
};

const carried = (blocks: TestBlock[]) =>
  new Map<string, BlockFacts>(blocks.map((block) => [blockKey(block.cid), blockFacts(block.cid, block.bytes)]));

describe('checkedDag', () => {
  it('lists each block once, root first, and counts its bytes', async () => {
    const leaf = await rawBlock(leafBytes(100, 1));
    const file = await fileNode([leaf, leaf]);
    const root = await cborBlock({ a: file.cid, b: leaf.cid });
    const checked = await checkedDag(nothingHeld, root.cid, carried([root, file, leaf]));
    expect(checked.dag.map(String)).toEqual([root.cid, file.cid, leaf.cid].map(String));
    expect(checked.dagBytes).toBe(root.bytes.byteLength + file.bytes.byteLength + 100);
  });

  it(`refuses a DAG of more than ${MAX_DAG_BLOCKS} blocks (car_too_many_blocks)`, async () => {
    const links: CID[] = [];
    const facts = new Map<string, BlockFacts>();
    for (let i = 0; i <= MAX_DAG_BLOCKS; i++) {
      const cid = CID.createV1(0x55, await sha256.digest(Uint8Array.of(i & 0xff, (i >> 8) & 0xff, i >> 16)));
      links.push(cid);
      facts.set(blockKey(cid), { links: [], bytes: 3 });
    }
    const root = CID.createV1(0x71, await sha256.digest(Uint8Array.of(1)));
    facts.set(blockKey(root), { links, bytes: 1 });
    await expect(checkedDag(nothingHeld, root, facts)).rejects.toMatchObject({ status: 413, code: 'car_too_many_blocks' });
  });

  it('refuses UnixFS claims its blocks contradict: a filesize, a part that is no file data, a folder Tsize', async () => {
    const leaf = await rawBlock(leafBytes(10, 2));
    const declared = await pbBlock({
      // 10 bytes of parts, a `filesize` of 11.
      Data: Uint8Array.from([0x08, 0x02, 0x18, 0x0b, 0x20, 0x0a]),
      Links: [{ Hash: leaf.cid, Tsize: 10 }],
    });
    expect(UnixFS.unmarshal(dagPb.decode(declared.bytes).Data!).fileSize()).toBe(10n);
    await expect(checkedDag(nothingHeld, declared.cid, carried([declared, leaf]))).rejects.toMatchObject({
      code: 'car_unixfs_mismatch',
      message: expect.stringContaining('declares a file of 11 bytes'),
    });

    const folder = await folderNode([{ name: 'a', block: leaf }]);
    const fileOverFolder = await fileNode([folder], [0]);
    await expect(checkedDag(nothingHeld, fileOverFolder.cid, carried([fileOverFolder, folder, leaf]))).rejects.toMatchObject({
      code: 'car_unixfs_mismatch',
      message: expect.stringContaining('which is not part of a file'),
    });

    const lyingFolder = await folderNode([{ name: 'a', block: leaf, tsize: 9 }]);
    await expect(checkedDag(nothingHeld, lyingFolder.cid, carried([lyingFolder, leaf]))).rejects.toMatchObject({
      code: 'car_unixfs_mismatch',
      message: expect.stringContaining('holds 9 bytes, but it holds 10'),
    });
  });

  it('follows the links of an identity block, which has no block of its own', async () => {
    const leaf = await rawBlock(leafBytes(10, 3));
    const inline = await folderNode([{ name: 'a', block: leaf }]);
    const identityFolder = CID.createV1(dagPb.code, identity.digest(inline.bytes));
    const root = await cborBlock({ folder: identityFolder });
    const checked = await checkedDag(nothingHeld, root.cid, carried([root, leaf]));
    expect(checked.dag.map(String)).toEqual([root.cid, leaf.cid].map(String));
    expect(checked.dagBytes).toBe(root.bytes.byteLength + 10);
  });
});
