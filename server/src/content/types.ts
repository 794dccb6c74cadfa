import type { CID } from 'multiformats/cid';
import type { Readable, Writable } from 'node:stream';

/**
 * What the server needs of IPFS, engine-neutral. Three engines implement it: the embedded one
 * (in-process importer, pack-file blockstore, bitswap), a Kubo node over its RPC API
 * (`/api/v0/add`, `/api/v0/pin/*`) and an IPFS Cluster over its REST API (`/add`, `/pins/{cid}`,
 * `/allocations/{cid}`, reads through one of its Kubo nodes). Callers never know which: every
 * engine implements every method, and what one engine has that another lacks is declared once
 * (`capabilities`). Failures are the content errors of `./errors`, with domain codes.
 * CIDs cross this boundary as strings, exactly as the engine produced them (v0 `Qm…` or v1 `bafy…`);
 * only a block import, whose blocks arrive already parsed, takes CID objects.
 */
export type CidVersion = 0 | 1;

/** Pinning Service API statuses; the job table that stores them lives in the database. */
export const PIN_STATUSES = ['queued', 'pinning', 'pinned', 'failed'] as const;

/**
 * An import (`addFile`, `addDirectory`). Every engine keeps one promise: the import either returns,
 * its root pinned and claimed through `beforePin`, or throws and leaves no pin that no claim covers.
 * The one exception is declared by the engine itself: given `recovery`, it may pin as it imports,
 * and hands what a failure leaves unsettled to that recovery.
 */
export interface AddOptions {
  /** 1 (default) = `ipfs add --cid-version=1`; 0 = a default `ipfs add`. */
  cidVersion?: CidVersion;
  /** Hard cap on the bytes of the file (or of all files of a directory). One more byte throws ContentTooLargeError. */
  maxBytes: number;
  /** Abort (e.g. client disconnect): the import throws and nothing is kept. */
  signal?: AbortSignal;
  /**
   * Byte budget hook, called before each piece of input is accepted with the piece size and the
   * running total. It may be async (reserve quota in the database in steps) and may throw (quota
   * exceeded): the import then stops, throws that error, and nothing is kept.
   */
  onBytes?(delta: number, total: number): void | Promise<void>;
  /**
   * Called with the root CID once the import is complete and before the engine pins it: the
   * caller records its claim on the CID first, so a crash in between leaves nothing pinned
   * unclaimed. The pin waits for it; if it throws, the import fails and nothing is pinned. Where
   * the import pins by itself (a file through IPFS Cluster's `/add`, a file or folder given
   * `recovery`) it is called right after; a folder imported twice (see `addPinnedFolder`) calls it
   * for the first import's root as well.
   */
  beforePin?(cid: string): Promise<void>;
  /**
   * Lets the engine pin a file or folder as it imports it, before `beforePin` (an engine that can
   * spares a second walk of the DAG), because the caller can look for that pin later: a crash
   * between the pin and the claim, or a failure the engine may still be finishing, leaves a pin
   * that `ContentStore.pinnedByImport(recovery.id)` finds. Without it, every engine pins after
   * `beforePin`.
   */
  recovery?: ImportRecovery;
}

/** How the caller of an import finds later what the import pinned before its claim. */
export interface ImportRecovery {
  /** Unique to this import, and kept by the caller (an upload's quota reservation) until it has asked `pinnedByImport`. */
  readonly id: string;
  /**
   * Called before the import throws when the engine may hold, or may still make, a pin of it that
   * nobody has claimed (it had the whole file): the caller keeps `id` and asks `pinnedByImport(id)`
   * once the engine is done with it, instead of settling at once.
   */
  unsettled(): void;
}

export interface AddedFile {
  cid: string;
  /** File bytes (not DAG bytes). */
  size: number;
}

export interface DirectoryEntryInput {
  /** Relative path such as `docs/a/readme.md`; cleaned, `..`/absolute/empty segments rejected. */
  path: string;
  content: AsyncIterable<Uint8Array>;
}

export interface AddedDirectory {
  /** Root of the whole tree, as `ipfs add -r` gives for the folder holding these paths. */
  cid: string;
  /** Sum of file bytes. */
  size: number;
  files: Array<{ path: string; cid: string; size: number }>;
}

export interface PinProgress {
  /** Blocks of the DAG seen (embedded) or pinned (Kubo) so far. */
  blocks: number;
  /** Bytes fetched from other peers so far (0 when everything was local); absent where the engine does not report it (Kubo, IPFS Cluster). */
  bytesFetched?: number;
}

export interface PinOptions {
  signal?: AbortSignal;
  /** Give up fetching after this long: throws ContentNotFoundError. */
  timeoutMs?: number;
  onProgress?(progress: PinProgress): void;
  /**
   * Multiaddrs (with `/p2p/<peer id>`) of peers known to hold the content: the engine connects to
   * them before it fetches, best effort (a peer that cannot be reached is skipped).
   */
  origins?: string[];
}

export interface PinResult extends PinProgress {
  cid: string;
}

export type ContentType = 'file' | 'directory' | 'raw';

export interface ContentStat {
  cid: string;
  type: ContentType;
  /** File bytes: of the file, or of every file under the directory (recursively). */
  size: number;
  /** 1 for a file; the number of files under a directory, recursively. */
  files: number;
  /** Every block of the DAG is held locally (it is pinned, or part of a pinned DAG). */
  complete: boolean;
}

export interface DirectoryListing {
  entries: Array<{ name: string; cid: string; type: ContentType; size: number }>;
  /** Number of entries in the directory (for paging). */
  total: number;
}

export interface ReadOptions {
  signal?: AbortSignal;
}

export interface LsOptions extends ReadOptions {
  offset?: number;
  /** Default 100. */
  limit?: number;
  recursive?: boolean;
}

export interface CatOptions extends ReadOptions {
  offset?: number;
  length?: number;
}

/** How one IPFS node of the deployment holds a pin. */
export type PeerPinState = 'pinned' | 'pinning' | 'queued' | 'unpinned' | 'error';

export interface PeerPinStatus {
  peerId: string;
  /** The node's name (a Cluster peer's name; `embedded` or `kubo` on single-node engines). */
  peerName: string;
  status: PeerPinState;
  /** Why the node is in `error` (say, the peer cannot be reached). */
  error: string | null;
  /** When the node last reported, ISO 8601; null where the engine keeps no time. */
  updatedAt: string | null;
}

interface ContentAllocation {
  /** The nodes that should hold the pin. */
  peers: Array<{ peerId: string; peerName: string }>;
  /** Replication factors of the pin; -1 means every node (IPFS Cluster's convention). */
  replicationMin: number;
  replicationMax: number;
}

/** One root of a block import, with every block of its DAG (those already held included). */
export interface ImportedRoot {
  cid: CID;
  dag: CID[];
}

interface BlockImportOptions extends ReadOptions {
  /** The roots the blocks are for (engines that import CARs name them in the header). */
  roots: CID[];
}

/**
 * Verified blocks going into the engine (a CAR upload). Nothing is pinned before `pin`; after
 * `abort` nothing of the import stays pinned or indexed.
 */
export interface BlockImport {
  /** Stores one block whose bytes were checked against its CID. */
  put(cid: CID, bytes: Uint8Array): Promise<void>;
  /** Ends the import and pins each root over its DAG; every block of it was put or is held. */
  pin(roots: ImportedRoot[]): Promise<void>;
  /** Drops the import. Idempotent; after `pin` it does nothing. */
  abort(): Promise<void>;
}

/**
 * A claim that blocks now being imported, unpinned until their pin, are not garbage: while one is
 * held no collection starts, and a collection that runs makes the next claim wait.
 */
export interface ImportHold {
  /** Ends the claim; idempotent. */
  release(): Promise<void>;
}

/** Where an engine takes its import holds (coordinated in the database across instances). */
export interface ImportHolds {
  take(signal?: AbortSignal): Promise<ImportHold>;
}

/** What one garbage collection removed. */
export interface GarbageCollected {
  /** Blocks removed, summed over every node that collected. */
  removed: number;
  /** Errors nodes reported while collecting (a Cluster peer that could not be reached, say). */
  errors: string[];
}

/**
 * A started read's bytes as a stream. With `relay`, they can instead be written straight into one
 * destination (not ended), with no memory allocated per read; a stream read one way or the other.
 */
export type ContentStream = Readable & { relay?(destination: Writable): Promise<void> };

/** What an engine does that another may not, stated once where the engine is built. */
export interface EngineCapabilities {
  /**
   * Unpinned blocks stay in the engine's nodes until a garbage collection: Cairn runs
   * `collectGarbage` on a schedule and on an administrator's request, and holds it off while
   * imports are in flight (ImportHolds). False where an unpin removes the blocks at once: there
   * is no collection to run.
   */
  readonly garbageCollection: boolean;
  /**
   * The engine's nodes announce what they hold to the public IPFS network (its DHT), so that a
   * public gateway can find it there. False on the embedded engine, which announces nothing in any
   * networking mode (it only asks the DHT for providers), and on a Kubo node that is not on the
   * public network or does not provide (see `kubo/kubo-providing.ts`). Read once, at start.
   */
  readonly announcesToPublicNetwork: boolean;
}

export interface ContentStore {
  readonly engine: 'embedded' | 'kubo' | 'cluster';
  readonly capabilities: EngineCapabilities;
  /**
   * Deletes every unpinned block of the engine's nodes. The caller must hold off imports first
   * (see ImportHolds): it deletes theirs too. Without `capabilities.garbageCollection` there is
   * nothing unpinned to delete, and it removes nothing.
   */
  collectGarbage(signal?: AbortSignal): Promise<GarbageCollected>;
  /** Import a file stream; the result is already pinned (no second walk of the DAG). */
  addFile(source: AsyncIterable<Uint8Array>, options: AddOptions): Promise<AddedFile>;
  /** Import a stream of files as one DAG; the root is pinned. */
  addDirectory(entries: AsyncIterable<DirectoryEntryInput>, options: AddOptions): Promise<AddedDirectory>;
  /** Starts an import of blocks checked by the caller (a CAR upload). */
  importBlocks(options: BlockImportOptions): Promise<BlockImport>;
  /** Make a CID complete and pinned locally, fetching missing blocks from peers. Idempotent. */
  pin(cid: string, options?: PinOptions): Promise<PinResult>;
  /** Drop a pin; blocks still reachable from another pinned root stay. Call only when no record references the CID. */
  unpin(cid: string): Promise<void>;
  isPinned(cid: string): Promise<boolean>;
  /**
   * The CIDs an import given `recovery` with this id pinned before its claim, for the caller to
   * claim once that import is over (its process gone, or its failure `unsettled` and the engine
   * done). Empty on engines that pin only after the claim.
   */
  pinnedByImport(importId: string): Promise<string[]>;
  /**
   * Whether this deployment holds the CID's root block now (pinned, or inside a pinned DAG),
   * without asking the network.
   */
  has(cid: string): Promise<boolean>;
  /** Per-node pin status of a CID this deployment pinned (empty when no node has heard of it). */
  status(cid: string): Promise<PeerPinStatus[]>;
  /** Which nodes a pin is allocated to, and its replication; null when the CID is not pinned. */
  allocations(cid: string): Promise<ContentAllocation | null>;
  stat(cid: string, options?: ReadOptions): Promise<ContentStat>;
  /**
   * The bytes of every distinct block of the DAG pinned under `cid`: what holding it takes,
   * whatever its UnixFS metadata declares. Walks the DAG on engines that keep no block list.
   */
  dagBytes(cid: string, options?: ReadOptions): Promise<number>;
  /**
   * A page of a directory: one level (names), or with `recursive` every file under it (names are
   * relative paths, `total` counts files). For a DAG viewer of big trees.
   */
  ls(cid: string, options?: LsOptions): Promise<DirectoryListing>;
  /** Follow a gateway path under a CID (`/ipfs/{cid}/a/b.txt`). */
  resolve(cid: string, path: string, options?: ReadOptions): Promise<{ cid: string; type: ContentType; size: number }>;
  /**
   * One block's bytes exactly as stored, for any codec, without asking the network; throws
   * ContentNotFoundError when this deployment does not hold it. What the trustless gateway sends.
   */
  block(cid: string, options?: ReadOptions): Promise<Uint8Array>;
  /** Read a file's bytes, or a range of them, with flat memory. */
  cat(cid: string, options?: CatOptions): AsyncIterable<Uint8Array>;
  /**
   * The same bytes as `cat`, handed over once the read has started, so a read that fails at its
   * start is an error to answer, not a broken body. Engines that relay another node's answer give
   * its socket's stream itself, which can also `relay` itself into one destination.
   */
  catStream(cid: string, options?: CatOptions): Promise<ContentStream>;
  /** Addresses other nodes can dial to fetch this deployment's content (empty when networking is off). */
  multiaddrs(): Promise<string[]>;
  /**
   * Blocks the engine's node must not give other peers (those of private records). Only the
   * embedded engine can refuse them block by block; Kubo and IPFS Cluster answer bitswap
   * themselves and have no such hook.
   */
  hideFromPeers?(hidden: (cid: string) => Promise<boolean>): void;
  /**
   * Hands a signed IPNS record of `name` (`k51…`) to the IPFS network the engine reaches: Kubo's
   * routing (its DHT, or its own store when it is offline), or the embedded node's DHT when it is
   * public. Absent when the engine reaches no routing (the embedded node without the public network).
   */
  publishIpns?(name: string, record: Uint8Array, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}
