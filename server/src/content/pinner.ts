import { setMaxListeners } from 'node:events';
import type { CID } from 'multiformats/cid';
import { blockLinks } from './block-links';
import { pinKey } from './cid';
import { ContentAbortedError, ContentNotFoundError } from './errors';
import type { Network } from './network/network';
import { MissingBlockError } from './pack/pack-index';
import type { PackStore } from './pack/pack-store';
import type { PackWriter } from './pack/pack-writer';
import type { PinOptions, PinResult } from './types';

/** dag-pb, dag-cbor and dag-json: the codecs whose blocks link to others. */
const LINKING = new Set([0x70, 0x71, 0x0129]);
const IDENTITY = 0x00;
// Blocks requested at once: bitswap round trips, not CPU, limit a fetch (one want per block).
const CONCURRENCY = 32;

/**
 * Pins by CID: walks the DAG breadth-first (through the links of dag-pb, dag-cbor and dag-json
 * blocks), reads local blocks, fetches missing ones over bitswap
 * into a new pack, then commits the pack and the root's block list in one index transaction.
 * A failed or aborted fetch deletes its pack: nothing it fetched stays unreferenced.
 */
export async function pinDag(
  store: PackStore,
  network: Network | undefined,
  cid: CID,
  fsync: boolean,
  options: PinOptions = {},
): Promise<PinResult> {
  const key = pinKey(cid);
  if (store.index.isPinned(key)) return { cid: cid.toString(), blocks: 0, bytesFetched: 0 };
  const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  const signal = anySignal([options.signal, timeout]);
  // Up to CONCURRENCY block wants listen on this one signal at a time.
  if (signal) setMaxListeners(Infinity, signal);
  for (let attempt = 0; ; attempt++) {
    try {
      return await walkAndCommit(store, network, cid, key, fsync, signal, options);
    } catch (error) {
      if (error instanceof MissingBlockError && attempt < 2) continue; // a concurrent unpin took a shared block
      if (options.signal?.aborted) throw new ContentAbortedError(options.signal.reason);
      if (timeout?.aborted) throw new ContentNotFoundError(cid.toString());
      throw error;
    }
  }
}

async function walkAndCommit(
  store: PackStore,
  network: Network | undefined,
  root: CID,
  key: Uint8Array,
  fsync: boolean,
  signal: AbortSignal | undefined,
  options: PinOptions,
): Promise<PinResult> {
  let pack: { id: number; writer: PackWriter } | undefined;
  const dag: Uint8Array[] = [];
  const seen = new Set<string>();
  let bytesFetched = 0;

  const visit = async (cid: CID): Promise<CID[]> => {
    signal?.throwIfAborted();
    let bytes: Uint8Array | undefined;
    if (store.has(cid)) {
      if (LINKING.has(cid.code)) bytes = await store.get(cid);
    } else {
      if (isEmptyBlock(cid))
        bytes = new Uint8Array(0); // bitswap does not deliver empty blocks; its bytes are known
      // Nobody to fetch from (no networking, or no peer and no origin to dial): not found now.
      else if (!network || (!options.origins?.length && !network.canAsk())) throw new ContentNotFoundError(root.toString());
      else bytes = await network.fetch(cid, signal ?? new AbortController().signal);
      pack ??= await store.createWriter();
      if (pack.writer.add(cid.multihash.bytes, bytes)) await pack.writer.flush();
      bytesFetched += bytes.byteLength;
    }
    dag.push(cid.multihash.bytes);
    options.onProgress?.({ blocks: dag.length, bytesFetched });
    return bytes === undefined ? [] : linksOf(cid, bytes);
  };

  try {
    await walk(root, seen, visit);
    if (!pack) {
      store.index.commit(null, null, 0, key, dag);
      return { cid: root.toString(), blocks: dag.length, bytesFetched };
    }
    const { entries, bytes } = await pack.writer.finish(fsync);
    const { packEmpty } = store.index.commit(pack.id, entries, bytes, key, dag);
    if (packEmpty) await store.deletePackFile(pack.id);
    return { cid: root.toString(), blocks: dag.length, bytesFetched };
  } catch (error) {
    if (pack) {
      await pack.writer.discard();
      await store.dropPack(pack.id);
    }
    throw error;
  }
}

/** The blocks a block links to; a block its codec cannot decode (or of a codec Cairn cannot read) links to none. */
function linksOf(cid: CID, bytes: Uint8Array): CID[] {
  try {
    return blockLinks(cid, bytes);
  } catch {
    return [];
  }
}

/** Breadth-first with at most CONCURRENCY visits in flight; stops at the first failure. */
function walk(root: CID, seen: Set<string>, visit: (cid: CID) => Promise<CID[]>): Promise<void> {
  const queue: CID[] = [];
  const enqueue = (cid: CID): void => {
    if (cid.multihash.code === IDENTITY) return; // inline data: no block to hold
    const id = Buffer.from(cid.multihash.bytes).toString('base64');
    if (seen.has(id)) return;
    seen.add(id);
    queue.push(cid);
  };
  enqueue(root);
  // An identity root has no block: nothing to visit, and no visit would ever settle the walk.
  if (queue.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let active = 0;
    let failed = false;
    const pump = (): void => {
      while (!failed && active < CONCURRENCY && queue.length > 0) {
        const cid = queue.shift()!;
        active++;
        visit(cid).then(
          (children) => {
            active--;
            children.forEach(enqueue);
            if (queue.length === 0 && active === 0) resolve();
            else pump();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
    };
    pump();
  });
}

const EMPTY_SHA256 = Buffer.from('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'hex');

function isEmptyBlock(cid: CID): boolean {
  return cid.multihash.code === 0x12 && Buffer.from(cid.multihash.digest).equals(EMPTY_SHA256);
}

function anySignal(signals: Array<AbortSignal | undefined>): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  if (present.length <= 1) return present[0];
  return AbortSignal.any(present);
}
