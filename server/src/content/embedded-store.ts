import './polyfills';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PRIVATE_DIR_MODE } from '../lib/private-files';
import { parseCid, pinKey } from './cid';
import { lockDataDir } from './data-dir-lock';
import { ContentNotFoundError } from './errors';
import { Ingest } from './import/ingest';
import { WorkerPool } from './import/worker-pool';
import { Network, type NetworkOptions } from './network/network';
import { packBlockImport } from './pack/block-import';
import { PeerBlockstore } from './network/peer-blockstore';
import { LocalBlockstore } from './pack/local-blockstore';
import { PackStore } from './pack/pack-store';
import { WindowReader } from './pack/window-reader';
import { pinDag } from './pinner';
import { Reader } from './reader';
import type { ContentStore, ContentStream } from './types';

export interface EmbeddedContentStoreOptions {
  /** Data lives under `<dataDir>/ipfs/` (blocks/, datastore/, peer.key). */
  dataDir: string;
  /** Default `{ mode: 'off' }`. */
  networking?: NetworkOptions;
  /** fdatasync each pack and its directory, then commit the index to disk, before an upload is recorded (default true: an acknowledged upload survives a power cut). */
  fsync?: boolean;
  /** Write packs and read large files with O_DIRECT. Default: where the file system takes it. */
  directIo?: boolean;
  /** Import workers kept busy at most (uploads beyond this wait). Default 8. */
  maxImportWorkers?: number;
}

export interface EmbeddedContentStore extends ContentStore {
  readonly engine: 'embedded';
  /** The node's libp2p peer id, or null when networking is off. */
  peerId(): string | null;
  /** Index figures for diagnostics and tests. */
  stats(): { blocks: number; roots: number; packs: number; packBytes: number; liveBytes: number };
  /** Resolves once the pack compactions that unpinning started have run. */
  compacted(): Promise<void>;
}

/** A read handed over once its first bytes are read: one that fails at its start throws here. */
async function startedStream(bytes: AsyncIterable<Uint8Array>): Promise<ContentStream> {
  const reading = bytes[Symbol.asyncIterator]();
  const first = await reading.next();
  const stream = Readable.from(
    (async function* () {
      if (first.done) return;
      yield first.value;
      yield* { [Symbol.asyncIterator]: () => reading };
    })(),
  );
  // A stream destroyed before it is read never starts the generator above, which would end the read.
  stream.once('close', () => void reading.return?.().catch(() => undefined));
  return stream;
}

/** The default engine: UnixFS importer in worker threads, pack-file blockstore, bitswap over libp2p. */
export async function createEmbeddedContentStore(options: EmbeddedContentStoreOptions): Promise<EmbeddedContentStore> {
  const root = path.join(options.dataDir, 'ipfs');
  mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE });
  // Before anything is read or swept: recovery deletes what it takes for another process's half-written packs.
  const unlock = await lockDataDir(root);
  const fsync = options.fsync ?? true;
  const store = new PackStore(path.join(root, 'blocks'), fsync);
  try {
    await store.recover(options.directIo);
  } catch (error) {
    await unlock();
    throw error;
  }
  const blockstore = new LocalBlockstore(store);
  // What bitswap gives other peers: every block but those of private records (`hideFromPeers`).
  const peerBlocks = new PeerBlockstore(blockstore);
  const pool = new WorkerPool(options.maxImportWorkers ?? 8);
  const ingest = new Ingest(store, pool, fsync);
  const reader = new Reader(blockstore, () => {
    const windows = new WindowReader(store);
    return { blocks: new LocalBlockstore(windows), close: () => windows.close() };
  });
  const networking = options.networking ?? { mode: 'off' };
  let network: Network | undefined;
  try {
    if (networking.mode !== 'off') network = await Network.start(networking, peerBlocks.view(), root);
    await pool.warm();
  } catch (error) {
    await network?.stop();
    await pool.close();
    await store.close();
    await unlock();
    throw error;
  }

  /** The single node, named after its engine; its peer id when it is on a network. */
  const self = () => ({ peerId: network?.peerId.toString() ?? 'embedded', peerName: 'embedded' });

  return {
    engine: 'embedded',
    // An unpin deletes the blocks no other pin holds, and compacts their packs in the background.
    capabilities: { garbageCollection: false, announcesToPublicNetwork: false },
    collectGarbage: async () => ({ removed: 0, errors: [] }),
    addFile: (source, addOptions) => ingest.addFile(source, addOptions),
    addDirectory: (entries, addOptions) => ingest.addDirectory(entries, addOptions),
    importBlocks: () => packBlockImport(store, fsync),
    pin(cid, pinOptions) {
      const parsed = parseCid(cid);
      if (pinOptions?.origins?.length && !store.index.isPinned(pinKey(parsed))) network?.connect(pinOptions.origins);
      return pinDag(store, network, parsed, fsync, pinOptions);
    },
    async unpin(cid) {
      const { deadPacks, shrunkPacks } = store.index.unpin(pinKey(parseCid(cid)));
      for (const id of deadPacks) await store.deletePackFile(id);
      store.compactIfWorthIt(shrunkPacks);
    },
    isPinned: async (cid) => store.index.isPinned(pinKey(parseCid(cid))),
    // Every import claims its root before the index commit that pins it.
    pinnedByImport: async () => [],
    has: async (cid) => store.has(parseCid(cid)),
    async stat(cid, readOptions) {
      const parsed = parseCid(cid);
      const stat = await reader.stat(parsed, readOptions);
      const complete = store.index.isPinned(pinKey(parsed)) || store.index.inPinnedDag(parsed.multihash.bytes);
      return { ...stat, complete };
    },
    async dagBytes(cid) {
      const bytes = store.index.dagBytes(pinKey(parseCid(cid)));
      if (bytes === undefined) throw new ContentNotFoundError(cid);
      return bytes;
    },
    ls: (cid, lsOptions) => reader.ls(parseCid(cid), lsOptions ?? {}),
    resolve: (cid, subpath, readOptions) => reader.resolve(parseCid(cid), subpath, readOptions),
    cat: (cid, catOptions) => reader.cat(parseCid(cid), catOptions),
    catStream: (cid, catOptions) => startedStream(reader.cat(parseCid(cid), catOptions)),
    async block(cid) {
      const bytes = await store.get(parseCid(cid));
      if (bytes === undefined) throw new ContentNotFoundError(cid);
      return bytes;
    },
    async status(cid) {
      if (!store.index.isPinned(pinKey(parseCid(cid)))) return [];
      return [{ ...self(), status: 'pinned', error: null, updatedAt: null }];
    },
    async allocations(cid) {
      if (!store.index.isPinned(pinKey(parseCid(cid)))) return null;
      return { peers: [self()], replicationMin: 1, replicationMax: 1 };
    },
    multiaddrs: async () => network?.multiaddrs() ?? [],
    ...(network?.putsRecords
      ? { publishIpns: (name: string, record: Uint8Array, signal?: AbortSignal) => network.putIpns(name, record, signal) }
      : {}),
    hideFromPeers: (hidden) => peerBlocks.hide(hidden),
    peerId: () => network?.peerId.toString() ?? null,
    stats: () => store.index.stats(),
    compacted: () => store.compacted(),
    async close() {
      await network?.stop();
      await pool.close();
      await store.close();
      await unlock();
    },
  };
}
