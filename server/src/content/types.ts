/**
 * What the server needs of IPFS, engine-neutral: the embedded Helia engine implements it today; a
 * Kubo RPC engine (`/api/v0/add`, `/api/v0/pin/*`) and an IPFS Cluster REST engine (`/add`,
 * `/pins/{cid}`, `/allocations/{cid}`) can implement it later without changing callers.
 * CIDs cross this boundary as strings, exactly as the engine produced them (v0 `Qm…` or v1 `bafy…`).
 */
export type CidVersion = 0 | 1;

/** Pinning Service API statuses; the job table that stores them lives in the database. */
export const PIN_STATUSES = ['queued', 'pinning', 'pinned', 'failed'] as const;
export type PinStatus = (typeof PIN_STATUSES)[number];

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
  /** Distinct blocks of the DAG seen so far. */
  blocks: number;
  /** Bytes fetched from other peers so far (0 when everything was local). */
  bytesFetched: number;
}

export interface PinOptions {
  signal?: AbortSignal;
  /** Give up fetching after this long: throws ContentNotFoundError (the caller's 404). */
  timeoutMs?: number;
  onProgress?(progress: PinProgress): void;
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

export interface ContentStore {
  readonly engine: 'embedded' | 'kubo' | 'cluster';
  /** Import a file stream; the result is already pinned (no second walk of the DAG). */
  addFile(source: AsyncIterable<Uint8Array>, options: AddOptions): Promise<AddedFile>;
  /** Import a stream of files as one DAG; the root is pinned. */
  addDirectory(entries: AsyncIterable<DirectoryEntryInput>, options: AddOptions): Promise<AddedDirectory>;
  /** Make a CID complete and pinned locally, fetching missing blocks from peers. Idempotent. */
  pin(cid: string, options?: PinOptions): Promise<PinResult>;
  /** Drop a pin; blocks still reachable from another pinned root stay. Call only when no record references the CID. */
  unpin(cid: string): Promise<void>;
  isPinned(cid: string): Promise<boolean>;
  /** Whether the root block is held locally. */
  has(cid: string): Promise<boolean>;
  stat(cid: string, options?: ReadOptions): Promise<ContentStat>;
  /**
   * A page of a directory: one level (names), or with `recursive` every file under it (names are
   * relative paths, `total` counts files). For a DAG viewer of big trees.
   */
  ls(cid: string, options?: LsOptions): Promise<DirectoryListing>;
  /** Follow a gateway path under a CID (`/ipfs/{cid}/a/b.txt`). */
  resolve(cid: string, path: string, options?: ReadOptions): Promise<{ cid: string; type: ContentType; size: number }>;
  /** Read a file's bytes, or a range of them, with flat memory. */
  cat(cid: string, options?: CatOptions): AsyncIterable<Uint8Array>;
  /** Addresses other nodes can dial (empty when networking is off). */
  multiaddrs(): string[];
  close(): Promise<void>;
}
