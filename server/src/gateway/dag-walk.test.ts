import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { importer } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { identity } from 'multiformats/hashes/identity';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { dagBlocks } from './dag-walk';
import { pathBlocks } from './path-blocks';

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
    let seventh: CID | undefined;
    // A tiny threshold makes even this folder a HAMT, as a folder of thousands of files would be.
    for await (const entry of importer(entries, blockstore, { cidVersion: 1, rawLeaves: true, shardSplitThresholdBytes: 64 })) {
      if (entry.path === 'dir') root = entry.cid;
      if (entry.path === 'dir/file-7.txt') seventh = entry.cid;
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

    // A path through the HAMT: the shards it runs through come first, then the file's block.
    const path = (await pathBlocks(content, root!, 'file-7.txt')).map((block) => block.cid.toString());
    expect(path[0]).toBe(root!.toString());
    for (const cid of path) expect(shards).toContain(cid);
    const car: string[] = [];
    for await (const block of dagBlocks(content, seventh!, 'block', null, undefined, await pathBlocks(content, root!, 'file-7.txt'))) {
      car.push(block.cid.toString());
    }
    expect(car).toEqual([...new Set(path), seventh!.toString()]);
  });
});

describe('dagBlocks and identity CIDs', () => {
  it('walks past a link to inline data without sending it as a block', async () => {
    const inline = CID.createV1(raw.code, identity.digest(new TextEncoder().encode('tiny')));
    const leaf = new TextEncoder().encode('a leaf with a real hash');
    const leafCid = CID.createV1(raw.code, await sha256.digest(leaf));
    const bytes = dagPb.encode({
      Data: new UnixFS({ type: 'directory' }).marshal(),
      Links: [
        { Hash: inline, Name: 'a' },
        { Hash: leafCid, Name: 'b' },
      ],
    });
    const root = CID.createV1(dagPb.code, await sha256.digest(bytes));
    const blocks = new Map([
      [root.toString(), bytes],
      [leafCid.toString(), leaf],
    ]);
    const content = { block: async (cid: string) => blocks.get(cid)! };
    const sent: string[] = [];
    for await (const block of dagBlocks(content, root, 'all', null)) sent.push(block.cid.toString());
    expect(sent).toEqual([root.toString(), leafCid.toString()]);
  });
});
