import * as dagCbor from '@ipld/dag-cbor';
import * as dagJson from '@ipld/dag-json';
import * as dagPb from '@ipld/dag-pb';
import { decode as decodeCbor } from 'cborg';
import * as json from 'multiformats/codecs/json';
import { CID } from 'multiformats/cid';
import { sha256, sha512 } from 'multiformats/hashes/sha2';

const RAW = 0x55;
const CBOR = 0x51;
const IDENTITY = 0x00;

/** Any CBOR tag is read as the value it wraps: plain CBOR may carry tags, none of them a link. */
const ANY_TAG = new Proxy([], { get: () => (decode: () => unknown) => decode() });

/**
 * The codecs whose links Cairn can follow, so whose DAGs it can check, pin and serve whole. Plain
 * CBOR and JSON hold no links by definition: their blocks are leaves, checked only for being well formed.
 */
export const LINKED_CODECS: ReadonlyMap<number, (bytes: Uint8Array) => CID[]> = new Map<number, (bytes: Uint8Array) => CID[]>([
  [dagPb.code, (bytes) => dagPb.decode(bytes).Links.map((link) => link.Hash)],
  [RAW, () => []],
  [dagCbor.code, (bytes) => [...cidsIn(dagCbor.decode(bytes))]],
  [dagJson.code, (bytes) => [...cidsIn(dagJson.decode(bytes))]],
  [CBOR, (bytes) => (decodeCbor(bytes, { tags: ANY_TAG, useMaps: true }), [])],
  [json.code, (bytes) => (json.decode(bytes), [])],
]);

const HASHERS = new Map<number, { digest(bytes: Uint8Array): Promise<{ bytes: Uint8Array }> | { bytes: Uint8Array } }>([
  [sha256.code, sha256],
  [sha512.code, sha512],
]);

/** The CIDs a block links to, in the order its codec lists them; throws on a codec Cairn cannot read or bytes it cannot decode. */
export function blockLinks(cid: CID, bytes: Uint8Array): CID[] {
  const links = LINKED_CODECS.get(cid.code);
  if (!links) throw new Error(`codec 0x${cid.code.toString(16)} is not supported`);
  return links(bytes);
}

/** Whether the block's bytes are those its CID names; false also for a hash function Cairn does not compute. */
export async function blockMatches(cid: CID, bytes: Uint8Array): Promise<boolean> {
  if (cid.multihash.code === IDENTITY) return Buffer.from(cid.multihash.digest).equals(Buffer.from(bytes));
  const hasher = HASHERS.get(cid.multihash.code);
  if (!hasher) return false;
  const digest = await hasher.digest(bytes);
  return Buffer.from(digest.bytes).equals(Buffer.from(cid.multihash.bytes));
}

/** Whether Cairn can verify a block of this CID (its hash function is one it computes). */
export function hashSupported(cid: CID): boolean {
  return cid.multihash.code === IDENTITY || HASHERS.has(cid.multihash.code);
}

/** Every CID inside a decoded IPLD value, depth-first in key order. */
function* cidsIn(value: unknown): Generator<CID> {
  const cid = CID.asCID(value);
  if (cid) {
    yield cid;
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) yield* cidsIn(item);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
    for (const key of Object.keys(value).sort()) yield* cidsIn((value as Record<string, unknown>)[key]);
  }
}
