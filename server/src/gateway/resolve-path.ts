import * as dagCbor from '@ipld/dag-cbor';
import * as dagJson from '@ipld/dag-json';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { walkPath } from 'ipfs-unixfs-exporter';
import { CID } from 'multiformats/cid';
import { notFound } from '../lib/errors';
import { DAG_CBOR, DAG_JSON, DAG_PB, isIdentity, type Block, type GatewayBlocks } from './blocks';

export interface ResolvedPath {
  /** The CID each path segment resolved to, the root first (the `X-Ipfs-Roots` header). */
  roots: CID[];
  /** What the path names. */
  target: CID;
  /** Segments that end inside the target's dag-cbor or dag-json block at a value that is not a link. */
  remainder: string[];
  /** Every block read to walk from the root to the target, in order, the target's own excluded. */
  proof: Block[];
}

const noSuchPath = (path: string) => notFound('path_not_found', `No such path: ${path}`);

/**
 * Walks `segments` from `root` through UnixFS directories (HAMT shards too) and through the links
 * of dag-cbor and dag-json documents, as the path gateway and the trustless gateway's pathing do.
 * Every block comes from this deployment only.
 */
export async function resolvePath(blocks: GatewayBlocks, root: CID, segments: string[]): Promise<ResolvedPath> {
  const roots = [root];
  const proof: Block[] = [];
  const inProof = new Set<string>();
  const record = (cid: CID, bytes: Uint8Array) => {
    if (isIdentity(cid) || inProof.has(cid.toString())) return;
    inProof.add(cid.toString());
    proof.push({ cid, bytes });
  };
  let current = root;
  let at = 0;
  while (at < segments.length) {
    const bytes = await blocks.get(current);
    record(current, bytes);
    if (current.code === DAG_PB) {
      current = await directoryEntry(blocks, current, bytes, segments[at]!, record, segments);
      at++;
    } else if (current.code === DAG_CBOR || current.code === DAG_JSON) {
      const entered = at;
      let value = decodeDocument(current, bytes, segments);
      let link: CID | null = null;
      while (at < segments.length && link === null && isContainer(value)) {
        value = member(value, segments[at]!, segments);
        at++;
        link = CID.asCID(value);
      }
      if (link) {
        current = link;
      } else if (at < segments.length) {
        throw noSuchPath(segments.join('/')); // a scalar has nothing below it
      } else {
        return { roots, target: current, remainder: segments.slice(entered), proof };
      }
    } else {
      // Raw blocks, plain CBOR and JSON, and other codecs hold no links to follow.
      throw noSuchPath(segments.join('/'));
    }
    roots.push(current);
  }
  return { roots, target: current, remainder: [], proof };
}

/** The CID a UnixFS directory names `name`; a file, symlink or non-UnixFS node has nothing below it. */
async function directoryEntry(
  blocks: GatewayBlocks,
  dir: CID,
  bytes: Uint8Array,
  name: string,
  record: (cid: CID, bytes: Uint8Array) => void,
  segments: string[],
): Promise<CID> {
  const node = dagPb.decode(bytes);
  const type = node.Data ? unixfsType(node.Data) : undefined;
  if (type === 'directory') {
    const link = node.Links.find((candidate) => candidate.Name === name);
    if (!link) throw noSuchPath(segments.join('/'));
    return link.Hash;
  }
  if (type !== 'hamt-sharded-directory') throw noSuchPath(segments.join('/'));
  // The exporter knows the HAMT's hashing; every shard it reads on the way is part of the proof.
  const recording = {
    async *get(cid: CID): AsyncGenerator<Uint8Array> {
      const block = await blocks.get(cid);
      record(cid, block);
      yield block;
    },
  };
  let found: CID | undefined;
  try {
    for await (const entry of walkPath(`${dir.toString()}/${name}`, recording, { signal: blocks.signal })) {
      if (entry.remainder.length === 0 && entry.name === name) found = entry.cid;
    }
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFoundError') throw noSuchPath(segments.join('/'));
    throw error;
  }
  if (!found) throw noSuchPath(segments.join('/'));
  return found;
}

function unixfsType(data: Uint8Array): string | undefined {
  try {
    return UnixFS.unmarshal(data).type;
  } catch {
    return undefined;
  }
}

function decodeDocument(cid: CID, bytes: Uint8Array, segments: string[]): unknown {
  try {
    return cid.code === DAG_CBOR ? dagCbor.decode(bytes) : dagJson.decode(bytes);
  } catch {
    // A block that does not decode as its codec has no members to walk into.
    throw noSuchPath(segments.join('/'));
  }
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && CID.asCID(value) === null;
}

function member(value: Record<string, unknown> | unknown[], key: string, segments: string[]): unknown {
  if (Array.isArray(value)) {
    const index = /^(0|[1-9]\d{0,9})$/.test(key) ? Number(key) : -1;
    if (index < 0 || index >= value.length) throw noSuchPath(segments.join('/'));
    return value[index];
  }
  if (!Object.hasOwn(value, key)) throw noSuchPath(segments.join('/'));
  return value[key];
}
