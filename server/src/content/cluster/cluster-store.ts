import { parseCid } from '../cid';
import { ContentNotFoundError } from '../errors';
import { kuboBlockImport } from '../kubo/car-import';
import { providesToPublicNetwork } from '../kubo/kubo-providing';
import {
  addedDirectory,
  addPinnedFile,
  addPinnedFolder,
  checkedEntries,
  importFolder,
  KuboReads,
  pinnedByImport,
  withPinTimeout,
} from '../kubo/kubo-store';
import { folderRoot } from '../remote/folder-root';
import { ByteBudget } from '../byte-budget';
import type { CidVersion, ContentStore, PeerPinState, PeerPinStatus, PinOptions } from '../types';
import { ClusterApi, type ClusterCredentials, type ClusterPinInfo } from './cluster-api';

export interface ClusterContentStoreOptions {
  /** The Cluster peer's REST API, e.g. `http://127.0.0.1:9094`. */
  apiUrl: string;
  credentials?: ClusterCredentials;
  /** The Kubo RPC API of a Cluster peer, through which content is read. */
  kuboApiUrl: string;
  /** That peer's HTTP gateway: files are read through it when set. */
  kuboGatewayUrl?: string;
  /** Replication factors of every pin; -1 means every peer. */
  replicationMin: number;
  replicationMax: number;
  pinTimeoutMs?: number;
  /** How long a read waits for a block no peer sends (default 30 s). */
  readTimeoutMs?: number;
}

const STATES: Record<string, PeerPinState | undefined> = {
  pinned: 'pinned',
  pinning: 'pinning',
  pin_queued: 'queued',
  unpinned: 'unpinned',
  unpin_queued: 'unpinned',
  unpinning: 'unpinned',
  pin_error: 'error',
  unpin_error: 'error',
  cluster_error: 'error',
};
const POLL_MS = 250;
/** Cluster has a peer's Kubo dial at most this many of a pin's origins. */
const MAX_ORIGINS = 10;

/** The per-peer statuses of a pin, peers that merely know of it (`remote`) left out. */
function peerStatuses(info: ClusterPinInfo): PeerPinStatus[] {
  return Object.entries(info.peer_map ?? {}).flatMap(([peerId, peer]) => {
    const status = STATES[peer.status];
    if (!status) return [];
    const updatedAt = peer.timestamp && !peer.timestamp.startsWith('0001-') ? new Date(peer.timestamp).toISOString() : null;
    return [{ peerId, peerName: peer.peername || peerId, status, error: peer.error || null, updatedAt }];
  });
}

/** The Cluster peer whose Kubo node is `kuboPeerId`; undefined when KUBO_API_URL is not one of the Cluster's nodes. */
async function clusterPeerOf(cluster: ClusterApi, kuboPeerId: string): Promise<string | undefined> {
  return (await cluster.peers()).find((peer) => peer.ipfs?.id === kuboPeerId)?.id;
}

/**
 * IPFS Cluster over its REST API: imports files and folders through the peer's Kubo that Cairn
 * reads through (or Cluster's `/add` when that Kubo is none of the Cluster's), pins
 * with `/pins/{cid}` and the deployment's replication factors, and reads through that Kubo, which
 * fetches what only other peers hold.
 */
export async function createClusterContentStore(options: ClusterContentStoreOptions): Promise<ContentStore> {
  const cluster = new ClusterApi(options.apiUrl, options.credentials);
  const reads = new KuboReads({
    apiUrl: options.kuboApiUrl,
    gatewayUrl: options.kuboGatewayUrl,
    offlineReads: false,
    readTimeoutMs: options.readTimeoutMs,
  });
  await cluster.id();
  const readKubo = await reads.api.identity();
  // The Kubo Cairn reads through stands for the Cluster's nodes: they are set up alike.
  const announcesToPublicNetwork = providesToPublicNetwork(await reads.api.config());
  const kuboPeer = await clusterPeerOf(cluster, readKubo.id);
  // That Kubo's addresses, as the origins of what it imports (see `pinImport`).
  const importOrigins = readKubo.addresses
    .slice(0, MAX_ORIGINS)
    .map((addr) => (addr.includes('/p2p/') ? addr : `${addr}/p2p/${readKubo.id}`))
    .join(',');
  const replication = { 'replication-min': String(options.replicationMin), 'replication-max': String(options.replicationMax) };
  const importQuery = (cidVersion: CidVersion) => ({
    'cid-version': String(cidVersion),
    'raw-leaves': String(cidVersion === 1),
    chunker: 'size-262144',
    layout: 'balanced',
    ...replication,
  });

  /**
   * Polls the per-peer statuses of a pin until `done` accepts them; past `deadline` (when set) it
   * gives up with an error.
   */
  async function untilStatuses(
    cid: string,
    signal: AbortSignal | undefined,
    done: (statuses: PeerPinStatus[]) => boolean,
    deadline = Number.POSITIVE_INFINITY,
  ): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      if (done(peerStatuses(await cluster.status(cid, signal)))) return;
      if (Date.now() > deadline) throw new Error(`IPFS Cluster did not pin ${cid} on any peer in time`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Waits until as many allocated peers hold the pin as the minimum replication asks (the caller's signal gives up). */
  const untilPinned = (cid: string, signal: AbortSignal, onProgress?: PinOptions['onProgress']): Promise<void> =>
    untilStatuses(cid, signal, (statuses) => {
      onProgress?.({ blocks: 0 });
      const pinned = statuses.filter((peer) => peer.status === 'pinned').length;
      return statuses.length > 0 && pinned >= Math.min(statuses.length, Math.max(1, options.replicationMin));
    });

  /**
   * Waits until a peer's Kubo holds the pin of an import: Cluster answers a pin once queued, and
   * until a peer has pinned, the imported blocks are unpinned everywhere, which a garbage
   * collection would take (the import's hold lasts until this returns).
   */
  const untilOnePeerPinned = (cid: string, signal?: AbortSignal): Promise<void> =>
    untilStatuses(
      cid,
      signal,
      (statuses) => statuses.some((peer) => peer.status === 'pinned'),
      Date.now() + (options.pinTimeoutMs ?? 120_000),
    );

  /**
   * Pins through the Cluster what the Kubo Cairn reads through has just imported: that Kubo's peer
   * allocated first, and that Kubo's addresses given as the pin's origins. Each other allocated
   * peer's Kubo then dials it before pinning and copies the blocks from there, also when the two
   * are not connected (Cluster connects its Kubo nodes to each other once, at start, and without
   * a DHT nothing else would find the blocks).
   */
  const pinImport = async (cid: string, peer: string, signal?: AbortSignal): Promise<void> => {
    const query: Record<string, string> = { ...replication, 'user-allocations': peer };
    if (importOrigins) query.origins = importOrigins;
    await cluster.pin(cid, query, signal);
  };

  /** `pinImport`, then waits until that Kubo holds the pin. */
  const pinImported = async (cid: string, peer: string, signal?: AbortSignal): Promise<void> => {
    await pinImport(cid, peer, signal);
    await untilOnePeerPinned(cid, signal);
  };

  const store: ContentStore = {
    engine: 'cluster',
    capabilities: { garbageCollection: true, announcesToPublicNetwork },
    ...reads.readers(),
    // Into the peer's Kubo, then pinned through the Cluster, whose other peers fetch from that Kubo.
    importBlocks: async (importOptions) =>
      kuboBlockImport(reads.api, {
        ...importOptions,
        pinRoot: async (cid, signal) => {
          await store.pin(cid.toString(), { signal });
        },
      }),
    async addFile(source, addOptions) {
      const { recovery } = addOptions;
      if (kuboPeer && recovery) {
        // Imported and pinned by the Kubo Cairn reads through, under the import's name (see
        // `addPinnedFile`), then pinned through the Cluster with that Kubo's peer allocated first:
        // its pin there finds the file pinned already, and the other peers copy it from there.
        const added = await addPinnedFile(reads.api, source, { ...addOptions, recovery });
        try {
          await pinImport(added.cid, kuboPeer, addOptions.signal);
        } catch (error) {
          recovery.unsettled();
          throw error;
        }
        return added;
      }
      const budget = new ByteBudget(addOptions);
      const cidVersion = addOptions.cidVersion ?? 1;
      if (kuboPeer) {
        // Imported by the Kubo Cairn reads through (unpinned: an upload that dies leaves nothing
        // pinned), then pinned through the Cluster with that Kubo's peer allocated first; the
        // other allocated peers copy the blocks from it as they pin. Cluster's own `/add` hashes
        // every block, then streams it to every allocated peer's Kubo, which hashes it again:
        // on three peers, eight times the CPU of the one import here.
        const added = await budget.run(() =>
          reads.api.add(
            (async function* () {
              yield { path: '', content: budget.meter(source) };
            })(),
            { cidVersion, pin: false, signal: addOptions.signal },
          ),
        );
        const root = added.at(-1);
        if (!root) throw new Error('Kubo did not answer the import');
        await addOptions.beforePin?.(root.Hash);
        await pinImported(root.Hash, kuboPeer, addOptions.signal);
        return { cid: root.Hash, size: budget.total };
      }
      // `local`: the blocks go to this Cluster peer's Kubo only, and Cluster keeps it among the
      // pin's allocations; the other allocated peers copy them from it as they pin.
      const added = await budget.run(() =>
        cluster.add(
          (async function* () {
            yield { path: '', content: budget.meter(source) };
          })(),
          { ...importQuery(cidVersion), local: 'true' },
          addOptions.signal,
        ),
      );
      const root = added.at(-1);
      if (!root) throw new Error('IPFS Cluster did not answer the import');
      await addOptions.beforePin?.(root.cid);
      await untilOnePeerPinned(root.cid, addOptions.signal);
      return { cid: root.cid, size: budget.total };
    },
    async addDirectory(entries, addOptions) {
      const { recovery } = addOptions;
      if (kuboPeer && recovery) {
        // As a file given `recovery`: imported and pinned by the Kubo Cairn reads through (see
        // `addPinnedFolder`), then pinned through the Cluster, whose pin there finds it pinned.
        const folder = await addPinnedFolder(reads.api, entries, { ...addOptions, recovery });
        try {
          await pinImport(folder.cid, kuboPeer, addOptions.signal);
        } catch (error) {
          recovery.unsettled();
          throw error;
        }
        return folder;
      }
      if (kuboPeer) {
        // As a file without `recovery`: imported once by the Kubo Cairn reads through, claimed,
        // then pinned through the Cluster.
        const folder = await importFolder(reads.api, entries, addOptions);
        await addOptions.beforePin?.(folder.cid);
        await pinImported(folder.cid, kuboPeer, addOptions.signal);
        return folder;
      }
      const budget = new ByteBudget(addOptions);
      const sizes = new Map<string, number>();
      const added = await budget.run(() =>
        cluster.add(
          checkedEntries(entries, budget, sizes),
          // Pinned once the root is known: a failed upload leaves no pin.
          { ...importQuery(addOptions.cidVersion ?? 1), 'wrap-with-directory': 'true', 'no-pin': 'true' },
          addOptions.signal,
        ),
      );
      // The wrapping folder is the last entry answered.
      const entriesAdded = added.map((entry, i) => ({ path: i === added.length - 1 ? '' : entry.name, cid: entry.cid }));
      const root = folderRoot(entriesAdded, new Set(sizes.keys()));
      await addOptions.beforePin?.(root);
      await cluster.pin(root, replication, addOptions.signal);
      await untilOnePeerPinned(root, addOptions.signal);
      return addedDirectory(root, entriesAdded, sizes);
    },
    async pin(cid, pinOptions = {}) {
      parseCid(cid);
      // The Cluster has each allocated peer's Kubo connect to the origins before it pins; the Kubo
      // Cairn reads through connects to them too.
      const query: Record<string, string> = { ...replication };
      if (pinOptions.origins?.length) {
        query.origins = pinOptions.origins.join(',');
        reads.api.connect(pinOptions.origins);
      }
      await withPinTimeout(cid, pinOptions, options.pinTimeoutMs ?? 120_000, async (signal) => {
        await cluster.pin(cid, query, signal);
        await untilPinned(cid, signal, pinOptions.onProgress);
      }).catch(async (error: unknown) => {
        if (error instanceof ContentNotFoundError) await cluster.unpin(cid).catch(() => undefined);
        throw error;
      });
      return { cid, blocks: 0 };
    },
    async unpin(cid) {
      const parsed = parseCid(cid);
      await cluster.unpin(parsed.toString());
      // The Cluster unpins from each peer's Kubo in its own time, and the root block stays in the
      // store until its garbage collection: the Kubo Cairn reads through drops both now, so the
      // gateway stops serving the CID at once (the other peers' copies go as the Cluster unpins).
      await reads.api.unpin(parsed);
    },
    async collectGarbage(signal) {
      let removed = 0;
      const errors: string[] = [];
      for (const [id, peer] of Object.entries((await cluster.repoGc(signal)).peer_map ?? {})) {
        if (peer.error) errors.push(`${peer.peername || id}: ${peer.error}`);
        for (const key of peer.keys ?? []) {
          if (key.error) errors.push(`${peer.peername || id}: ${key.error}`);
          else if (key.key) removed++;
        }
      }
      return { removed, errors };
    },
    isPinned: async (cid) => (await cluster.allocation(parseCid(cid).toString())) !== null,
    pinnedByImport: (importId) => pinnedByImport(reads.api, importId),
    async status(cid) {
      const parsed = parseCid(cid).toString();
      if ((await cluster.allocation(parsed)) === null) return [];
      return peerStatuses(await cluster.status(parsed));
    },
    async allocations(cid) {
      const pin = await cluster.allocation(parseCid(cid).toString());
      if (!pin) return null;
      const names = new Map((await cluster.peers()).map((peer) => [peer.id, peer.peername]));
      const allocated = pin.allocations && pin.allocations.length > 0 ? pin.allocations : [...names.keys()];
      return {
        peers: allocated.map((peerId) => ({ peerId, peerName: names.get(peerId) ?? peerId })),
        replicationMin: pin.replication_factor_min,
        replicationMax: pin.replication_factor_max,
      };
    },
    async close() {
      // Plain HTTP calls: nothing stays open.
    },
  };
  return store;
}
