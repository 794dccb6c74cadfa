import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { CID } from 'multiformats/cid';
import { blockLinks } from '../content/block-links';
import type { ContentStore } from '../content/types';
import type { Block } from './car-stream';
import type { DagScope, EntityBytes } from './trustless-request';

const DAG_PB = 0x70;
const IDENTITY = 0x00;

/** Half-open byte window of a file, relative to the node being visited. */
type Window = [start: number, end: number];

interface Visit {
  /** Everything below (`all`), or only the entity (a file's blocks, a directory's own shards). */
  deep: boolean;
  /** Only the leaves covering these bytes of a file. */
  window?: Window;
}

/**
 * The blocks of a CAR in depth-first order, each once: the whole DAG, the entity the CID names, or
 * its block alone; with `bytes`, only the nodes on the way to the leaves of that byte range. One
 * node per level is held at a time; only the set of CIDs already sent grows with the DAG.
 */
export async function* dagBlocks(
  content: Pick<ContentStore, 'block'>,
  root: CID,
  scope: DagScope,
  bytes: EntityBytes | null,
  signal?: AbortSignal,
  path: Block[] = [],
): AsyncGenerator<Block> {
  const sent = new Set<string>();
  // The blocks that prove the path from the CID in the URL down to `root` come first.
  for (const block of path) {
    if (block.cid.multihash.code === IDENTITY || sent.has(block.cid.toString())) continue;
    sent.add(block.cid.toString());
    yield block;
  }
  const load = async (cid: CID): Promise<Uint8Array> =>
    cid.multihash.code === IDENTITY ? cid.multihash.digest : content.block(cid.toString(), { signal });

  async function* visit(cid: CID, how: Visit): AsyncGenerator<Block> {
    signal?.throwIfAborted();
    const block = await load(cid);
    // Identity CIDs carry their bytes inline: the spec leaves them out of CARs.
    if (cid.multihash.code !== IDENTITY && !sent.has(cid.toString())) {
      sent.add(cid.toString());
      yield { cid, bytes: block };
    }
    if (scope === 'block') return;
    if (cid.code !== DAG_PB) {
      // Outside UnixFS the entity is the block itself; `all` follows every link the codec lists.
      if (how.deep) for (const link of linksOf(cid, block)) yield* visit(link, how);
      return;
    }
    const node = dagPb.decode(block);
    const unixfs = unixfsOf(node);
    if (how.deep || !unixfs) {
      if (how.deep) for (const link of node.Links) yield* visit(link.Hash, how);
      return;
    }
    if ((unixfs.type === 'file' || unixfs.type === 'raw') && how.window) {
      // Inline data comes first, then each child covers its blockSizes entry.
      let offset = unixfs.data?.byteLength ?? 0;
      for (const [index, link] of node.Links.entries()) {
        const size = Number(unixfs.blockSizes[index] ?? 0n);
        const [start, end] = [Math.max(how.window[0] - offset, 0), Math.min(how.window[1] - offset, size)];
        if (start < end) yield* visit(link.Hash, { deep: false, window: [start, end] });
        offset += size;
      }
    } else if (unixfs.type === 'file' || unixfs.type === 'raw') {
      for (const link of node.Links) yield* visit(link.Hash, { deep: true });
    } else if (unixfs.type === 'hamt-sharded-directory') {
      // Sub-shards are the links named by their bucket alone; longer names are the entries.
      const bucketName = (Number(unixfs.fanout ?? 256n) - 1).toString(16).length;
      for (const link of node.Links) if (link.Name?.length === bucketName) yield* visit(link.Hash, { deep: false });
    }
  }

  if (scope === 'all') {
    yield* visit(root, { deep: true });
    return;
  }
  const window = bytes ? fileWindow(root, await load(root), bytes) : undefined;
  yield* visit(root, { deep: false, window });
}

/** Links of a codec Cairn cannot read are not followed: the CAR then holds what it can prove. */
function linksOf(cid: CID, block: Uint8Array): CID[] {
  try {
    return blockLinks(cid, block);
  } catch {
    return [];
  }
}

function unixfsOf(node: dagPb.PBNode): UnixFS | undefined {
  if (!node.Data) return undefined;
  try {
    return UnixFS.unmarshal(node.Data);
  } catch {
    return undefined;
  }
}

/** `from:to` (inclusive, negatives from the end) as a half-open window of the file. */
function fileWindow(cid: CID, block: Uint8Array, bytes: EntityBytes): Window | undefined {
  let size: number;
  if (cid.code === DAG_PB) {
    const unixfs = unixfsOf(dagPb.decode(block));
    if (!unixfs || (unixfs.type !== 'file' && unixfs.type !== 'raw')) return undefined;
    size = Number(unixfs.fileSize());
  } else {
    size = block.byteLength;
  }
  const start = bytes.from < 0 ? Math.max(size + bytes.from, 0) : Math.min(bytes.from, size);
  const last = bytes.to === null ? size - 1 : bytes.to < 0 ? size + bytes.to : bytes.to;
  return [start, Math.max(start, Math.min(last + 1, size))];
}
