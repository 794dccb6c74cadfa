import { MAX_DAG_BLOCKS, MAX_DIRECTORY_FILES } from '@cairn/shared';
import type { CID } from 'multiformats/cid';
import type { ContentStore } from '../types';
import { AppError, badRequest } from '../../lib/errors';
import { blockFacts, unixfsContradiction, type BlockFacts } from './car-unixfs';

const IDENTITY = 0x00;

export { MAX_DAG_BLOCKS };
/**
 * Most blocks on one path from the root down: no importer builds DAGs anywhere near as deep (a
 * 10 GiB file is 4 levels of 174-link nodes), and every later read of a path pays for each level.
 */
const MAX_DAG_DEPTH = 1_024;

/** Blocks are told apart by multihash: the same bytes under a v0 and a v1 CID are one block. */
export const blockKey = (cid: CID) => Buffer.from(cid.multihash.bytes).toString('base64');

export const tooManyBlocks = () => new AppError(413, 'car_too_many_blocks', `A CAR upload's DAG may have at most ${MAX_DAG_BLOCKS} blocks`);
const tooDeep = () => new AppError(413, 'car_too_deep', `A CAR upload's DAG may be at most ${MAX_DAG_DEPTH} blocks deep`);
const tooManyFiles = () =>
  new AppError(413, 'too_many_files', `A CAR upload's folder may hold at most ${MAX_DIRECTORY_FILES} files, counted down every path`);
const contradiction = (cid: CID, reason: string) =>
  badRequest('car_unixfs_mismatch', `The UnixFS metadata of block ${cid} contradicts its blocks: it ${reason}`);

export interface CheckedDag {
  /** Every block of the DAG, root first, each once (identity CIDs, which have none, left out). */
  dag: CID[];
  /** The bytes of those blocks: what holding the DAG takes. */
  dagBytes: number;
}

export interface DagCheckOptions {
  signal?: AbortSignal;
  /** Called with the DAG's bytes so far as blocks already held join it, so quota bounds that walk. */
  onBytes?(total: number): Promise<void>;
}

interface Frame {
  cid: CID;
  key: string;
  facts: BlockFacts;
  /** The next link to follow. */
  next: number;
}

interface Done {
  facts: BlockFacts;
  /** Blocks on the longest path from here down, this one included. */
  height: number;
  /** Files under it as a listing counts them (through UnixFS folders), capped past the limit. */
  files: number;
}

/**
 * Checks the DAG under `root` from the blocks the CAR brought (`carried`) and, below a link to a
 * block it did not bring, the blocks this deployment already holds: every block is there, each
 * UnixFS node's claims hold against its blocks, and the DAG stays within the limits on blocks,
 * depth and files. One walk, depth first, each block visited once, so the work is linear in the
 * DAG's blocks and links. Any failure is a 4xx and nothing of the CAR is kept.
 */
export async function checkedDag(
  content: Pick<ContentStore, 'has' | 'block'>,
  root: CID,
  carried: Map<string, BlockFacts>,
  options: DagCheckOptions = {},
): Promise<CheckedDag> {
  const dag: CID[] = [];
  let dagBytes = 0;
  const done = new Map<string, Done>();
  // No block can link to itself through hashes; were one to, the depth limit would end the walk.
  const stack: Frame[] = [];

  const enter = async (cid: CID, key: string): Promise<void> => {
    if (stack.length >= MAX_DAG_DEPTH) throw tooDeep();
    const identity = cid.multihash.code === IDENTITY;
    let facts = identity ? inlineFacts(cid) : carried.get(key);
    if (!facts) {
      facts = await heldFacts(content, cid, options.signal);
      dagBytes += facts.bytes;
      await options.onBytes?.(dagBytes);
    } else if (!identity) dagBytes += facts.bytes;
    if (!identity) {
      dag.push(cid);
      if (dag.length > MAX_DAG_BLOCKS) throw tooManyBlocks();
    }
    stack.push({ cid, key, facts, next: 0 });
  };

  await enter(root, blockKey(root));
  while (stack.length > 0) {
    options.signal?.throwIfAborted();
    const frame = stack[stack.length - 1]!;
    if (frame.next < frame.facts.links.length) {
      const child = frame.facts.links[frame.next++]!;
      const key = blockKey(child);
      const below = done.get(key);
      if (!below) await enter(child, key);
      else if (stack.length + below.height > MAX_DAG_DEPTH) throw tooDeep();
      continue;
    }
    stack.pop();
    done.set(frame.key, finish(frame, done));
  }
  if (done.get(blockKey(root))!.files > MAX_DIRECTORY_FILES) throw tooManyFiles();
  return { dag, dagBytes };
}

/** A block whose links are all checked: its claims against its children, its height and its files. */
function finish(frame: Frame, done: Map<string, Done>): Done {
  const children = frame.facts.links.map((link) => done.get(blockKey(link))!);
  const reason = unixfsContradiction(
    frame.facts,
    children.map((child) => child.facts),
  );
  if (reason) throw contradiction(frame.cid, reason);
  const height = 1 + children.reduce((max, child) => Math.max(max, child.height), 0);
  const folder = frame.facts.unixfs?.type === 'directory' || frame.facts.unixfs?.type === 'hamt-sharded-directory';
  // Counted only this far: a folder that links one big sub-folder many times is refused, not summed.
  const files = folder
    ? Math.min(
        MAX_DIRECTORY_FILES + 1,
        children.reduce((sum, child) => sum + child.files, 0),
      )
    : 1;
  if (files > MAX_DIRECTORY_FILES) throw tooManyFiles();
  return { facts: frame.facts, height, files };
}

/** An identity CID's block is its digest: no block to keep, but its links are followed like any. */
function inlineFacts(cid: CID): BlockFacts {
  try {
    return blockFacts(cid, cid.multihash.digest);
  } catch {
    throw badRequest('car_block_undecodable', `Block ${cid} cannot be decoded as its codec says`);
  }
}

/**
 * A block the CAR links to but did not bring: it must be held here already (asked without the
 * network, so a block nobody holds is not waited for). One of a codec Cairn cannot read was pinned
 * by CID; it is taken as it is, as its pin took it.
 */
async function heldFacts(content: Pick<ContentStore, 'has' | 'block'>, cid: CID, signal?: AbortSignal): Promise<BlockFacts> {
  if (!(await content.has(cid.toString()))) {
    throw badRequest('car_incomplete', `The CAR is not a complete DAG: block ${cid} is neither in it nor stored here`);
  }
  const bytes = await content.block(cid.toString(), { signal });
  try {
    return blockFacts(cid, bytes);
  } catch {
    return { links: [], bytes: bytes.byteLength };
  }
}
