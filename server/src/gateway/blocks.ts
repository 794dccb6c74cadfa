import { CID } from 'multiformats/cid';
import type { ContentStore } from '../content/types';
import { AppError } from '../lib/errors';

export const DAG_PB = 0x70;
export const RAW = 0x55;
export const DAG_CBOR = 0x71;
export const DAG_JSON = 0x0129;
export const CBOR = 0x51;
export const JSON_CODEC = 0x0200;
const IDENTITY = 0x00;

/** Go's IPFS stack refuses identity digests longer than this; so does Cairn (they end up in headers). */
const MAX_IDENTITY_BYTES = 128;

export interface Block {
  cid: CID;
  bytes: Uint8Array;
}

export const isIdentity = (cid: CID): boolean => cid.multihash.code === IDENTITY;

/** A CID from the URL, or a 400 the gateway's clients can act on. */
export function parseGatewayCid(text: string): CID {
  let cid: CID;
  try {
    cid = CID.parse(text);
  } catch {
    throw new AppError(400, 'invalid_cid', 'Invalid CID');
  }
  if (isIdentity(cid) && cid.multihash.digest.byteLength > MAX_IDENTITY_BYTES) {
    throw new AppError(400, 'invalid_cid', `An identity CID holds at most ${MAX_IDENTITY_BYTES} bytes`);
  }
  return cid;
}

/**
 * The blocks one gateway answer reads: only what this deployment holds (never the network), and
 * identity CIDs from their own bytes. Blocks read while walking a path are kept for the answer.
 */
export class GatewayBlocks {
  private readonly seen = new Map<string, Uint8Array>();

  constructor(
    private readonly content: Pick<ContentStore, 'block'>,
    readonly signal?: AbortSignal,
  ) {}

  async get(cid: CID): Promise<Uint8Array> {
    if (isIdentity(cid)) return cid.multihash.digest;
    const key = cid.toString();
    const kept = this.seen.get(key);
    if (kept) return kept;
    const bytes = await this.content.block(key, { signal: this.signal });
    this.seen.set(key, bytes);
    return bytes;
  }

  /** Reads a block without keeping it (the blocks of a long walk pass through once). */
  read(cid: CID): Promise<Uint8Array> {
    if (isIdentity(cid)) return Promise.resolve(cid.multihash.digest);
    return this.seen.get(cid.toString()) !== undefined ? this.get(cid) : this.content.block(cid.toString(), { signal: this.signal });
  }
}
