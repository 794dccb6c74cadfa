import { CarBlockIterator } from '@ipld/car';
import type { CID } from 'multiformats/cid';
import { blockMatches, hashSupported, LINKED_CODECS } from '../block-links';
import { AppError, badRequest } from '../../lib/errors';
import { blockFacts, type BlockFacts } from './car-unixfs';

export interface CheckedBlock {
  cid: CID;
  bytes: Uint8Array;
  facts: BlockFacts;
}

/** The longest block a CAR may carry: Kubo and bitswap refuse blocks over 2 MiB, so none over it could be shared. */
const MAX_BLOCK_BYTES = 2 * 1024 * 1024;

const invalidCar = (message: string) => badRequest('car_invalid', `Not a valid CAR file: ${message}`);

/**
 * Reads a CARv1 (or the CARv1 inside a CARv2) as it streams in: its roots, then each block whose
 * bytes were hashed and found to be those its CID names, with its links and UnixFS claims. Any
 * damage is a 400 with a code of its own; errors of the source itself (size cap, quota, abort)
 * pass through as they are.
 */
export async function checkedCar(source: AsyncIterable<Uint8Array>): Promise<{ roots: CID[]; blocks: AsyncGenerator<CheckedBlock> }> {
  const reader = await parsing(() => CarBlockIterator.fromIterable(source));
  const roots = await parsing(() => reader.getRoots());
  const iterator = reader[Symbol.asyncIterator]();
  async function* blocks(): AsyncGenerator<CheckedBlock> {
    for (;;) {
      const next = await parsing(() => iterator.next());
      if (next.done) return;
      yield await checked(next.value.cid, next.value.bytes);
    }
  }
  return { roots, blocks: blocks() };
}

async function checked(cid: CID, bytes: Uint8Array): Promise<CheckedBlock> {
  if (!hashSupported(cid)) {
    throw badRequest('car_unsupported_hash', `Block ${cid} uses a hash function Cairn cannot verify (use sha2-256)`);
  }
  if (!LINKED_CODECS.has(cid.code)) {
    throw badRequest(
      'car_unsupported_codec',
      `Block ${cid} uses a codec Cairn cannot read (dag-pb, raw, dag-cbor, dag-json, cbor and json are)`,
    );
  }
  if (bytes.byteLength > MAX_BLOCK_BYTES) throw badRequest('car_block_too_large', `Block ${cid} is larger than 2 MiB`);
  if (!(await blockMatches(cid, bytes))) throw badRequest('car_block_mismatch', `The bytes of block ${cid} do not hash to its CID`);
  try {
    return { cid, bytes, facts: blockFacts(cid, bytes) };
  } catch {
    throw badRequest('car_block_undecodable', `Block ${cid} cannot be decoded as its codec says`);
  }
}

/** Runs one step of the CAR decoder; what it throws of its own is the client's malformed CAR. */
async function parsing<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError || (error instanceof Error && error.name === 'AbortError')) throw error;
    if (error instanceof Error && /^Unexpected end of data/.test(error.message)) throw invalidCar('it ends in the middle of a block');
    throw invalidCar(error instanceof Error ? error.message : String(error));
  }
}
