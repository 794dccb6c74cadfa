import type { CID } from 'multiformats/cid';
import { BlockNotFoundError } from '../pack/local-blockstore';
import type { BlockReader } from '../reader';

/** Fetches one block from the engine; undefined when the engine does not have it. */
export type BlockFetcher = (cid: CID, signal?: AbortSignal) => Promise<Uint8Array | undefined>;

const CACHE_BYTES = 32 * 1024 * 1024;
/** Only DAG nodes are cached (directories and file roots are read again by stat, ls and paths); leaves are not. */
const CACHED_BELOW_BYTES = 64 * 1024;

/**
 * The exporter's view of a remote engine's blocks. Content is immutable, so small blocks are
 * kept in a bounded cache: a directory walked for its stat is not fetched again for its listing.
 */
export class RemoteBlockstore implements BlockReader {
  private readonly cache = new Map<string, Uint8Array>();
  private cachedBytes = 0;

  constructor(private readonly fetchBlock: BlockFetcher) {}

  async *get(cid: CID, options: { signal?: AbortSignal } = {}): AsyncGenerator<Uint8Array> {
    const key = cid.toString();
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      yield cached;
      return;
    }
    const bytes = await this.fetchBlock(cid, options.signal);
    if (bytes === undefined) throw new BlockNotFoundError(key);
    if (bytes.byteLength < CACHED_BELOW_BYTES) this.remember(key, bytes);
    yield bytes;
  }

  private remember(key: string, bytes: Uint8Array): void {
    this.cache.set(key, bytes);
    this.cachedBytes += bytes.byteLength;
    for (const [oldest, value] of this.cache) {
      if (this.cachedBytes <= CACHE_BYTES) break;
      this.cache.delete(oldest);
      this.cachedBytes -= value.byteLength;
    }
  }
}
