import type { Blockstore, Pair } from 'interface-blockstore';
import type { CID } from 'multiformats/cid';
import { ContentNotFoundError } from '../errors';
import type { LentBlock } from './window-reader';

/** Where blocks are read from: the pack store, into memory of each block's own. */
export interface BlockSource {
  has(cid: CID): boolean;
  get(cid: CID): Promise<Uint8Array | undefined>;
}

/** A source that lends blocks out of memory it reuses: a window reader over the pack store, for one download. */
export interface LendingBlockSource {
  has(cid: CID): boolean;
  borrow(cid: CID): Promise<LentBlock | undefined>;
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
  constructor(private readonly store: BlockSource | LendingBlockSource) {}

  has(cid: CID): boolean {
    return this.store.has(cid);
  }

  /**
   * Yields the block's bytes. A lent block is given back when the reader asks for what follows
   * (or stops): by then it has made its own copy, as the exporter's `toBuffer` does with every
   * block it reads.
   */
  async *get(cid: CID): AsyncGenerator<Uint8Array> {
    if ('borrow' in this.store) {
      const lent = await this.store.borrow(cid);
      if (lent === undefined) throw new BlockNotFoundError(cid.toString());
      try {
        yield lent.bytes;
      } finally {
        lent.done();
      }
      return;
    }
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
