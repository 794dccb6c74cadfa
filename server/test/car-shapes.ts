import * as dagCbor from '@ipld/dag-cbor';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import { identity } from 'multiformats/hashes/identity';
import { sha256 } from 'multiformats/hashes/sha2';
import { rawBlock, type TestBlock } from './cars';

/**
 * DAGs shaped the way a hostile account shapes them, for the CAR upload's tests and benchmarks:
 * UnixFS metadata that lies about the blocks below it, DAGs that are cheap to send and dear to
 * walk, and blocks with no place in a DAG. Each shape is its root and its blocks, root first.
 */
export interface Shape {
  root: CID;
  blocks: TestBlock[];
}

export async function pbBlock(node: dagPb.PBNode): Promise<TestBlock> {
  const bytes = dagPb.encode(dagPb.prepare(node));
  return { cid: CID.createV1(dagPb.code, await sha256.digest(bytes)), bytes };
}

export async function cborBlock(value: unknown): Promise<TestBlock> {
  const bytes = dagCbor.encode(value);
  return { cid: CID.createV1(dagCbor.code, await sha256.digest(bytes)), bytes };
}

/** A raw leaf of `n` bytes drawn from `seed`, so different seeds give different blocks. */
export function leafBytes(n: number, seed: number): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => (i * (seed * 2 + 1) + seed) % 251);
}

/** A UnixFS file node over `parts`, listing `claimed` as their block sizes (their real sizes when left out). */
export async function fileNode(parts: TestBlock[], claimed?: number[], data?: Uint8Array): Promise<TestBlock> {
  const sizes = claimed ?? (await Promise.all(parts.map(fileBytesOf)));
  const unixfs = new UnixFS({ type: 'file', blockSizes: sizes.map(BigInt), data });
  return pbBlock({
    Data: unixfs.marshal(),
    Links: parts.map((part, i) => ({ Hash: part.cid, Tsize: part.bytes.byteLength + (sizes[i] ?? 0) })),
  });
}

/** A UnixFS folder node with these entries; `tsize` overrides each link's Tsize. */
export async function folderNode(entries: Array<{ name: string; block: TestBlock; tsize?: number }>): Promise<TestBlock> {
  return pbBlock({
    Data: new UnixFS({ type: 'directory' }).marshal(),
    Links: entries.map((entry) => ({ Name: entry.name, Hash: entry.block.cid, Tsize: entry.tsize ?? entry.block.bytes.byteLength })),
  });
}

/** The file bytes a block holds as part of a file (a raw leaf's length, a UnixFS node's size). */
function fileBytesOf(block: TestBlock): number {
  if (block.cid.code !== dagPb.code) return block.bytes.byteLength;
  const node = dagPb.decode(block.bytes);
  return node.Data ? Number(UnixFS.unmarshal(node.Data).fileSize()) : 0;
}

/** A dag-cbor document over one big raw leaf: a few bytes of metadata, all the leaf's bytes stored. */
export async function cborOverLeaf(leafSize: number, seed = 1): Promise<Shape> {
  const leaf = await rawBlock(leafBytes(leafSize, seed));
  const root = await cborBlock({ note: `seed ${seed}`, data: leaf.cid });
  return { root: root.cid, blocks: [root, leaf] };
}

/** A UnixFS file node that says its one leaf holds `claimed` bytes. */
export async function lyingFile(leafSize: number, claimed: number, seed = 2): Promise<Shape> {
  const leaf = await rawBlock(leafBytes(leafSize, seed));
  const root = await fileNode([leaf], [claimed]);
  return { root: root.cid, blocks: [root, leaf] };
}

/** A UnixFS file node listing fewer block sizes than it has links. */
export async function missingBlockSizes(leafSize: number, seed = 3): Promise<Shape> {
  const a = await rawBlock(leafBytes(leafSize, seed));
  const b = await rawBlock(leafBytes(leafSize, seed + 1));
  const root = await fileNode([a, b], [leafSize]);
  return { root: root.cid, blocks: [root, a, b] };
}

/** A UnixFS folder whose links to raw leaves give `tsize` as their size. */
export async function tsizeFolder(leafSize: number, files: number, tsize: number, seed = 4): Promise<Shape> {
  const leaves = await Promise.all(Array.from({ length: files }, (_, i) => rawBlock(leafBytes(leafSize, seed + i))));
  const root = await folderNode(leaves.map((block, i) => ({ name: `f${i}.bin`, block, tsize })));
  return { root: root.cid, blocks: [root, ...leaves] };
}

/** One folder node with `links` entries, every one the same small leaf: cheap to send, one entry per link to list. */
export async function wideFolder(links: number, seed = 5): Promise<Shape> {
  const leaf = await rawBlock(leafBytes(8, seed));
  const root = await pbBlock({
    Data: new UnixFS({ type: 'directory' }).marshal(),
    Links: Array.from({ length: links }, (_, i) => ({ Name: `f${String(i).padStart(6, '0')}`, Hash: leaf.cid, Tsize: 8 })),
  });
  return { root: root.cid, blocks: [root, leaf] };
}

/** A folder whose `fanout` entries are all one sub-folder of `fanout` files, `levels` deep: a few blocks, fanout^levels files. */
export async function folderBomb(fanout: number, levels: number, seed = 6): Promise<Shape> {
  let below = await rawBlock(leafBytes(4, seed));
  const blocks: TestBlock[] = [below];
  for (let level = 0; level < levels; level++) {
    const current: TestBlock = below;
    below = await folderNode(Array.from({ length: fanout }, (_, i) => ({ name: `e${i}`, block: current })));
    blocks.push(below);
  }
  return { root: below.cid, blocks: blocks.reverse() };
}

/** A file `depth` UnixFS nodes deep over one leaf (honest sizes). */
export async function fileChain(depth: number, seed = 7): Promise<Shape> {
  let below = await rawBlock(leafBytes(16, seed));
  const blocks: TestBlock[] = [below];
  for (let i = 0; i < depth; i++) {
    below = await fileNode([below]);
    blocks.push(below);
  }
  return { root: below.cid, blocks: blocks.reverse() };
}

/** `depth` dag-cbor nodes, each linking the next. */
export async function cborChain(depth: number, seed = 8): Promise<Shape> {
  let below = await cborBlock({ end: seed });
  const blocks: TestBlock[] = [below];
  for (let i = 0; i < depth; i++) {
    below = await cborBlock({ next: below.cid });
    blocks.push(below);
  }
  return { root: below.cid, blocks: blocks.reverse() };
}

/** A valid dag-pb node with no UnixFS data, linking to a raw leaf. */
export async function bareDagPb(leafSize: number, seed = 9): Promise<Shape> {
  const leaf = await rawBlock(leafBytes(leafSize, seed));
  const root = await pbBlock({ Links: [{ Name: 'leaf', Hash: leaf.cid, Tsize: leafSize }] });
  return { root: root.cid, blocks: [root, leaf] };
}

/** A file that names one leaf `times` times: its file bytes are `times` leaves, its blocks one. */
export async function repeatedLeaf(leafSize: number, times: number, seed = 10): Promise<Shape> {
  const leaf = await rawBlock(leafBytes(leafSize, seed));
  const root = await fileNode(Array.from({ length: times }, () => leaf));
  return { root: root.cid, blocks: [root, leaf] };
}

/** An identity CID of raw bytes: the bytes are the CID. */
export async function identityRaw(bytes: Uint8Array): Promise<CID> {
  return CID.createV1(0x55, await identity.digest(bytes));
}

/** The bytes of every distinct block of a shape, as a store holding it would count them. */
export function shapeBytes(shape: Shape): number {
  const seen = new Map<string, number>();
  for (const block of shape.blocks) seen.set(Buffer.from(block.cid.multihash.bytes).toString('hex'), block.bytes.byteLength);
  return [...seen.values()].reduce((sum, n) => sum + n, 0);
}
