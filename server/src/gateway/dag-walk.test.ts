import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { importer } from 'ipfs-unixfs-importer';
import { type CID } from 'multiformats/cid';
import { describe, expect, it } from 'vitest';
import { dagBlocks } from './dag-walk';

const FILES = 60;

/** The importer's blocks, kept in memory by CID. */
class Blocks {
  private readonly map = new Map<string, Uint8Array>();
  put(cid: CID, bytes: Uint8Array): CID {
    this.map.set(cid.toString(), bytes);
    return cid;
  }
  get(cid: CID | string): Uint8Array {
    const bytes = this.map.get(cid.toString());
    if (!bytes) throw new Error(`missing block ${cid.toString()}`);
    return bytes;
  }
}

describe('dagBlocks on a sharded directory', () => {
  it('sends the shard nodes as the entity, and every block for all', async () => {
    const blockstore = new Blocks();
    const entries = Array.from({ length: FILES }, (_, i) => ({
      path: `dir/file-${i}.txt`,
      content: new TextEncoder().encode(`file ${i}`),
    }));
    let root: CID | undefined;
    // A tiny threshold makes even this folder a HAMT, as a folder of thousands of files would be.
    for await (const entry of importer(entries, blockstore, { cidVersion: 1, rawLeaves: true, shardSplitThresholdBytes: 64 })) {
      if (entry.path === 'dir') root = entry.cid;
    }
    const content = { block: async (cid: string) => blockstore.get(cid) };
    const collect = async (scope: 'all' | 'entity' | 'block') => {
      const cids: CID[] = [];
      for await (const block of dagBlocks(content, root!, scope, null)) cids.push(block.cid);
      return cids;
    };

    const all = await collect('all');
    const typeOf = (cid: CID) => (cid.code === dagPb.code ? UnixFS.unmarshal(dagPb.decode(blockstore.get(cid)).Data!).type : 'leaf');
    const shards: string[] = [];
    for (const cid of all) if (typeOf(cid) === 'hamt-sharded-directory') shards.push(cid.toString());
    expect(shards.length).toBeGreaterThan(1);
    expect(all).toHaveLength(shards.length + FILES);

    const entity = (await collect('entity')).map(String);
    expect(entity[0]).toBe(root!.toString());
    expect(entity).toEqual(shards);
    expect((await collect('block')).map(String)).toEqual([root!.toString()]);
  });
});
