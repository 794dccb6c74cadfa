import { CarWriter } from '@ipld/car';
import * as dagCbor from '@ipld/dag-cbor';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';

export interface TestBlock {
  cid: CID;
  bytes: Uint8Array;
}

/** A CARv1 of these blocks, in this order, naming these roots. */
export async function carBytes(roots: CID[], blocks: TestBlock[]): Promise<Uint8Array> {
  const { writer, out } = CarWriter.create(roots);
  const chunks: Uint8Array[] = [];
  const collected = (async () => {
    for await (const chunk of out) chunks.push(chunk);
  })();
  for (const block of blocks) await writer.put(block);
  await writer.close();
  await collected;
  return Buffer.concat(chunks);
}

export async function rawBlock(bytes: Uint8Array): Promise<TestBlock> {
  return { cid: CID.createV1(0x55, await sha256.digest(bytes)), bytes };
}

/** A UnixFS file of raw leaves under one dag-pb node: root first, then the leaves. */
export async function unixfsFile(leaves: Uint8Array[]): Promise<{ root: TestBlock; leaves: TestBlock[] }> {
  const blocks = await Promise.all(leaves.map(rawBlock));
  const data = new UnixFS({ type: 'file', blockSizes: leaves.map((leaf) => BigInt(leaf.byteLength)) });
  const bytes = dagPb.encode({ Data: data.marshal(), Links: blocks.map((b, i) => ({ Hash: b.cid, Tsize: leaves[i]!.byteLength })) });
  return { root: { cid: CID.createV1(dagPb.code, await sha256.digest(bytes)), bytes }, leaves: blocks };
}

/** A dag-cbor node linking to `links`. */
export async function cborNode(value: Record<string, unknown>): Promise<TestBlock> {
  const bytes = dagCbor.encode(value);
  return { cid: CID.createV1(dagCbor.code, await sha256.digest(bytes)), bytes };
}

/** A UnixFS directory node (not sharded) with these links, sorted by name as UnixFS requires. */
export async function unixfsDirectory(links: Array<{ name: string; cid: CID; size: number }>): Promise<TestBlock> {
  const sorted = [...links].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const bytes = dagPb.encode({
    Data: new UnixFS({ type: 'directory' }).marshal(),
    Links: sorted.map((link) => ({ Name: link.name, Hash: link.cid, Tsize: link.size })),
  });
  return { cid: CID.createV1(dagPb.code, await sha256.digest(bytes)), bytes };
}
