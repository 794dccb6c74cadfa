import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { CID } from 'multiformats/cid';
import { blockLinks } from '../block-links';

const RAW = 0x55;
const DAG_PB = 0x70;
const NO_LINKS: CID[] = [];

/** What a CAR upload keeps of a block while it checks the DAG: its links, its length, and its UnixFS claims. */
export interface BlockFacts {
  links: CID[];
  /** The block's length. */
  bytes: number;
  unixfs?: UnixfsClaims;
}

/** What a UnixFS node says about the blocks it links to. */
interface UnixfsClaims {
  type: UnixFS['type'];
  /** The file bytes a file node holds: its own data and the sizes it lists for its parts. */
  fileSize: number;
  /** The node's `filesize` field, when it has one (Kubo reads it, the exporter does not). */
  declaredFileSize?: number;
  blockSizes: number[];
  /** Each link's Tsize, as the node gives it. */
  tsizes: Array<number | undefined>;
}

/** A block's links, length and UnixFS claims; throws when its bytes are not of its codec. */
export function blockFacts(cid: CID, bytes: Uint8Array): BlockFacts {
  if (cid.code === RAW) return { links: NO_LINKS, bytes: bytes.byteLength };
  if (cid.code !== DAG_PB) {
    const links = blockLinks(cid, bytes);
    return { links: links.length ? links : NO_LINKS, bytes: bytes.byteLength };
  }
  const node = dagPb.decode(bytes);
  return { links: node.Links.map((link) => link.Hash), bytes: bytes.byteLength, unixfs: unixfsClaims(node) };
}

/** A dag-pb node without UnixFS data, or with data that is not UnixFS, claims nothing: it is other data. */
function unixfsClaims(node: dagPb.PBNode): UnixfsClaims | undefined {
  if (!node.Data) return undefined;
  let unixfs: UnixFS;
  try {
    unixfs = UnixFS.unmarshal(node.Data);
  } catch {
    return undefined;
  }
  const blockSizes = unixfs.blockSizes.map(Number);
  return {
    type: unixfs.type,
    fileSize: (unixfs.data?.byteLength ?? 0) + blockSizes.reduce((sum, size) => sum + size, 0),
    declaredFileSize: declaredFileSize(node.Data),
    blockSizes,
    tsizes: node.Links.map((link) => link.Tsize),
  };
}

const isFile = (claims: UnixfsClaims) => claims.type === 'file' || claims.type === 'raw';
const isDirectory = (claims: UnixfsClaims) => claims.type === 'directory' || claims.type === 'hamt-sharded-directory';

/** The file bytes a block holds as the part of a file: a raw leaf's length, a UnixFS file node's size; undefined for anything else. */
function fileBytesOf(cid: CID, facts: BlockFacts): number | undefined {
  if (cid.code === RAW) return facts.bytes;
  if (cid.code === DAG_PB && facts.unixfs && isFile(facts.unixfs)) return facts.unixfs.fileSize;
  return undefined;
}

/**
 * How a UnixFS node's claims contradict the blocks it links to, or null when they hold: a file's
 * block sizes must be its parts' file bytes, one per link (the exporter reads files by them, and
 * the record's size is their sum), its `filesize` their total, and a folder's Tsize of a raw leaf
 * that leaf's length (listings size raw leaves by it). Each part was checked the same way, so a
 * file that passes holds exactly the bytes it says, down to its leaves.
 */
export function unixfsContradiction(node: BlockFacts, children: BlockFacts[]): string | null {
  const claims = node.unixfs;
  if (!claims) return null;
  if (isFile(claims)) {
    if (claims.declaredFileSize !== undefined && claims.declaredFileSize !== claims.fileSize) {
      return `declares a file of ${claims.declaredFileSize} bytes, but its data and block sizes add up to ${claims.fileSize}`;
    }
    if (claims.blockSizes.length !== node.links.length) {
      return `lists ${claims.blockSizes.length} block sizes for ${node.links.length} links`;
    }
    for (let i = 0; i < node.links.length; i++) {
      const part = fileBytesOf(node.links[i]!, children[i]!);
      if (part === undefined) return `links to ${node.links[i]}, which is not part of a file`;
      if (part !== claims.blockSizes[i]) return `says its part ${node.links[i]} holds ${claims.blockSizes[i]} bytes, but it holds ${part}`;
    }
  } else if (isDirectory(claims)) {
    for (let i = 0; i < node.links.length; i++) {
      const tsize = claims.tsizes[i];
      if (node.links[i]!.code === RAW && tsize !== undefined && tsize !== children[i]!.bytes) {
        return `says its entry ${node.links[i]} holds ${tsize} bytes, but it holds ${children[i]!.bytes}`;
      }
    }
  }
  return null;
}

/**
 * The `filesize` field (3) of UnixFS data, read from the protobuf itself: `ipfs-unixfs` drops it
 * and recomputes, while Kubo trusts it. Undefined when absent or unreadable.
 */
function declaredFileSize(data: Uint8Array): number | undefined {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; shift < 64; shift += 7) {
      if (at >= data.length) throw new RangeError('truncated');
      const byte = data[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    throw new RangeError('varint too long');
  };
  try {
    while (at < data.length) {
      const key = varint();
      const field = Math.floor(key / 8);
      const wire = key & 7;
      if (wire === 0) {
        const value = varint();
        if (field === 3) return value;
      } else if (wire === 2) at += varint();
      else if (wire === 1) at += 8;
      else if (wire === 5) at += 4;
      else return undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
