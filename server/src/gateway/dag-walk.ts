import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { CID } from 'multiformats/cid';
import { blockLinks } from '../content/block-links';
import { DAG_PB, isIdentity, type Block } from './blocks';
import type { DagScope, EntityBytes } from './car-params';

/** Half-open byte window of a file, relative to the node being visited. */
type Window = [start: number, end: number];

interface Visit {
  cid: CID;
  /** Everything below (`all`), or only the entity (a file's blocks, a directory's own shards). */
  deep: boolean;
  /** Only the leaves covering these bytes of a file. */
  window?: Window;
}

export interface WalkOptions {
  scope: DagScope;
  bytes: EntityBytes | null;
  /** Send a block again each time the DAG links to it again (`dups=y`). */
  dups: boolean;
  signal?: AbortSignal;
  /** The blocks that prove the path down to `root`, sent first. */
  path?: Block[];
}

/**
 * The blocks of a CAR in depth-first order: the whole DAG, the entity the CID names, or its block
 * alone; with `bytes`, only the nodes on the way to the leaves of that byte range. The walk keeps
 * its own stack (a DAG a hundred thousand levels deep is no deeper for it) and, without `dups`,
 * never walks below a block it has already sent whole, so a DAG that links the same nodes many
 * times costs what its distinct blocks cost.
 */
export async function* dagBlocks(load: (cid: CID) => Promise<Uint8Array>, root: CID, options: WalkOptions): AsyncGenerator<Block> {
  const sent = new Set<string>();
  const whole = new Set<string>();
  for (const block of options.path ?? []) {
    if (isIdentity(block.cid) || (!options.dups && sent.has(block.cid.toString()))) continue;
    sent.add(block.cid.toString());
    yield block;
  }
  const first: Visit = { cid: root, deep: options.scope === 'all' };
  if (options.scope === 'entity' && options.bytes) first.window = fileWindow(root, await load(root), options.bytes);
  const stack: Visit[] = [first];
  while (stack.length > 0) {
    options.signal?.throwIfAborted();
    const visit = stack.pop()!;
    const key = visit.cid.toString();
    if (!options.dups && whole.has(key)) continue;
    const block = await load(visit.cid);
    // Identity CIDs carry their bytes inline: the spec leaves them out of CARs.
    if (!isIdentity(visit.cid) && (options.dups || !sent.has(key))) {
      sent.add(key);
      yield { cid: visit.cid, bytes: block };
    }
    if (options.scope === 'block') continue;
    const below = children(visit, block);
    if (visit.deep) whole.add(key);
    for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]!);
  }
}

/** What a visit of this block goes on to visit, in order. */
function children(visit: Visit, block: Uint8Array): Visit[] {
  if (visit.cid.code !== DAG_PB) {
    // Outside UnixFS the entity is the block itself; `all` follows every link the codec lists.
    return visit.deep ? linksOf(visit.cid, block).map((cid) => ({ cid, deep: true })) : [];
  }
  const node = dagPb.decode(block);
  const unixfs = unixfsOf(node);
  if (visit.deep) return node.Links.map((link) => ({ cid: link.Hash, deep: true }));
  if (!unixfs) return [];
  if ((unixfs.type === 'file' || unixfs.type === 'raw') && visit.window) {
    // Inline data comes first, then each child covers its blockSizes entry.
    const visits: Visit[] = [];
    let offset = unixfs.data?.byteLength ?? 0;
    for (const [index, link] of node.Links.entries()) {
      const size = Number(unixfs.blockSizes[index] ?? 0n);
      const [start, end] = [Math.max(visit.window[0] - offset, 0), Math.min(visit.window[1] - offset, size)];
      if (start < end) visits.push({ cid: link.Hash, deep: false, window: [start, end] });
      offset += size;
    }
    return visits;
  }
  if (unixfs.type === 'file' || unixfs.type === 'raw') return node.Links.map((link) => ({ cid: link.Hash, deep: true }));
  if (unixfs.type === 'hamt-sharded-directory') {
    // Sub-shards are the links named by their bucket alone; longer names are the entries.
    const bucketName = (Number(unixfs.fanout ?? 256n) - 1).toString(16).length;
    return node.Links.filter((link) => link.Name?.length === bucketName).map((link) => ({ cid: link.Hash, deep: false }));
  }
  return [];
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
