import { walkPath } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import type { ContentStore } from '../content/types';
import type { Block } from './car-stream';

const IDENTITY = 0x00;

/**
 * The blocks a client needs to check that `path` under `root` leads where the gateway says: every
 * block the UnixFS path walk reads (directories, HAMT shards on the way, the target's own node),
 * in the order it reads them. The path is known to resolve (the caller resolved it first).
 */
export async function pathBlocks(content: Pick<ContentStore, 'block'>, root: CID, path: string, signal?: AbortSignal): Promise<Block[]> {
  const blocks: Block[] = [];
  const recording = {
    async *get(cid: CID): AsyncGenerator<Uint8Array> {
      const bytes = cid.multihash.code === IDENTITY ? cid.multihash.digest : await content.block(cid.toString(), { signal });
      blocks.push({ cid, bytes });
      yield bytes;
    },
  };
  for await (const _ of walkPath(`${root.toString()}/${path}`, recording, { signal })) {
    // Each segment's entry is read only for the blocks it takes to reach it.
  }
  return blocks;
}
