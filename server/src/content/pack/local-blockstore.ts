import type { Blockstore, Pair } from 'interface-blockstore';
import type { CID } from 'multiformats/cid';
import { ContentNotFoundError } from '../errors';

/** Where blocks are read from: the pack store, or a window reader over it for one download. */
export interface BlockSource {
  has(cid: CID): boolean;
  get(cid: CID): Promise<Uint8Array | undefined>;
}

/** A missing block; named like interface-store's error, which the exporter and bitswap recognise. */
export class BlockNotFoundError extends ContentNotFoundError {
  override name = 'NotFoundError';
}

/**
 * The pack store seen as an interface-blockstore, read-only: the exporter and bitswap (serving
 * other peers) read through it; writes go through pack writers and index commits only, so that
 * every stored block belongs to a pinned root.
 */
export class LocalBlockstore implements Blockstore {
  constructor(private readonly store: BlockSource) {}

  has(cid: CID): boolean {
    return this.store.has(cid);
  }

  async *get(cid: CID): AsyncGenerator<Uint8Array> {
    const bytes = await this.store.get(cid);
    if (bytes === undefined) throw new BlockNotFoundError(cid.toString());
    yield bytes;
  }

  async *getMany(cids: AsyncIterable<CID> | Iterable<CID>): AsyncGenerator<Pair> {
    for await (const cid of cids) yield { cid, bytes: this.get(cid) };
  }

  async *getAll(): AsyncGenerator<Pair> {
    // Listing every block is never needed: garbage collection works from the index.
  }

  put(): never {
    throw new Error('the pack store is written only by imports and pins');
  }

  // eslint-disable-next-line require-yield
  async *putMany(): AsyncGenerator<CID> {
    throw new Error('the pack store is written only by imports and pins');
  }

  delete(): never {
    throw new Error('blocks are removed by unpinning');
  }

  // eslint-disable-next-line require-yield
  async *deleteMany(): AsyncGenerator<CID> {
    throw new Error('blocks are removed by unpinning');
  }
}
