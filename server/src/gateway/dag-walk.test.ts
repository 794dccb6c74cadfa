import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { importer } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { identity } from 'multiformats/hashes/identity';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import * as dagCbor from '@ipld/dag-cbor';
import { GatewayBlocks } from './blocks';
import { dagBlocks } from './dag-walk';
import { resolvePath } from './resolve-path';

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
    const load = async (cid: CID) => blockstore.get(cid);
    const collect = async (scope: 'all' | 'entity' | 'block') => {
      const cids: CID[] = [];
      for await (const block of dagBlocks(load, root!, { scope, bytes: null, dups: false })) cids.push(block.cid);
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
    const resolved = await resolvePath(new GatewayBlocks(content), root!, ['file-7.txt']);
    expect(resolved.target.toString()).toBe(seventh!.toString());
    expect(resolved.roots.map(String)).toEqual([root!.toString(), seventh!.toString()]);
    const path = resolved.proof.map((block) => block.cid.toString());
    expect(path[0]).toBe(root!.toString());
    for (const cid of path) expect(shards).toContain(cid);
    expect(path.length).toBeLessThan(shards.length);
    const car: string[] = [];
    for await (const block of dagBlocks(load, seventh!, { scope: 'block', bytes: null, dups: false, path: resolved.proof })) {
      car.push(block.cid.toString());
    }
    expect(car).toEqual([...path, seventh!.toString()]);
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
    const load = async (cid: CID) => (cid.multihash.code === 0 ? cid.multihash.digest : blocks.get(cid.toString())!);
    const sent: string[] = [];
    for await (const block of dagBlocks(load, root, { scope: 'all', bytes: null, dups: true })) sent.push(block.cid.toString());
    expect(sent).toEqual([root.toString(), leafCid.toString()]);
  });
});

/** A dag-cbor chain `depth` long whose every node links twice to the next: 2^depth paths, `depth + 1` blocks. */
async function diamondChain(depth: number): Promise<{ root: CID; blocks: Map<string, Uint8Array> }> {
  const blocks = new Map<string, Uint8Array>();
  let next: CID | null = null;
  for (let i = 0; i <= depth; i++) {
    const bytes: Uint8Array = dagCbor.encode(next ? { left: next, right: next, level: i } : { level: i });
    next = CID.createV1(dagCbor.code, await sha256.digest(bytes));
    blocks.set(next.toString(), bytes);
  }
  return { root: next!, blocks };
}

describe('dagBlocks on DAGs shaped to cost a lot', () => {
  it('walks a chain 30,000 levels deep with its own stack, each block once', async () => {
    const { root, blocks } = await diamondChain(30_000);
    let count = 0;
    for await (const _ of dagBlocks(async (cid) => blocks.get(cid.toString())!, root, { scope: 'all', bytes: null, dups: false })) count++;
    expect(count).toBe(30_001);
  });

  it('sends a node linked twice once, and never walks below it twice, without dups', async () => {
    const { root, blocks } = await diamondChain(60);
    let loads = 0;
    const load = async (cid: CID) => {
      loads++;
      return blocks.get(cid.toString())!;
    };
    const sent: string[] = [];
    for await (const block of dagBlocks(load, root, { scope: 'all', bytes: null, dups: false })) sent.push(block.cid.toString());
    expect(sent).toHaveLength(61);
    expect(new Set(sent).size).toBe(61);
    // Each block is read once, and once more for the second link to it: linear, not 2^60.
    expect(loads).toBeLessThanOrEqual(2 * 61);
  });

  it('sends a block again each time the DAG links to it again with dups', async () => {
    const { root, blocks } = await diamondChain(3);
    const sent: string[] = [];
    for await (const block of dagBlocks(async (cid) => blocks.get(cid.toString())!, root, { scope: 'all', bytes: null, dups: true })) {
      sent.push(block.cid.toString());
    }
    // 1 + 2 + 4 + 8 visits in depth-first order.
    expect(sent).toHaveLength(15);
    expect(new Set(sent).size).toBe(4);
  });
});
