import { Readable } from 'node:stream';
import type { CID } from 'multiformats/cid';
import { parseCid } from '../cid';
import { crashPoint } from '../../lib/crash-point';
import { ContentAbortedError, ContentNotFoundError, InvalidPathError } from '../errors';
import { PathSet } from '../paths';
import { Reader } from '../reader';
import { ByteBudget } from '../byte-budget';
import { folderRoot, type AddedEntry } from '../remote/folder-root';
import { deferredStream } from '../remote/http-stream';
import { RemoteBlockstore } from '../remote/remote-blockstore';
import type {
  AddedDirectory,
  AddOptions,
  ContentStore,
  ContentStream,
  DirectoryEntryInput,
  ImportRecovery,
  PinOptions,
  PinResult,
} from '../types';
import { kuboBlockImport } from './car-import';
import { KuboApi, offlineFlag } from './kubo-api';
import type { MultipartFile } from '../remote/multipart-body';
import { gatewayRead } from './kubo-gateway';
import { providesToPublicNetwork } from './kubo-providing';

export interface KuboContentStoreOptions {
  /** Kubo's RPC API, e.g. `http://127.0.0.1:5001`. */
  apiUrl: string;
  /** Its HTTP gateway, e.g. `http://127.0.0.1:8080`: files are read through it when set. */
  gatewayUrl?: string;
  /**
   * Read blocks only from the node itself (a single Kubo node holds all it pinned). A Cluster
   * reads through one of its nodes, which fetches blocks the other nodes hold: online.
   */
  offlineReads?: boolean;
  /** How long an online read waits for a block nobody sends (default 30 s); it is then not found. */
  readTimeoutMs?: number;
  /** Default give-up time of a pin when the caller sets none. */
  pinTimeoutMs?: number;
}

/** The reading half of a Kubo node, shared by the Kubo engine and the Cluster engine (which reads through a peer's Kubo). */
export class KuboReads {
  readonly api: KuboApi;
  readonly reader: Reader;
  private readonly offline: boolean;
  private readonly readTimeoutMs: number;
  private readonly gatewayUrl: string | undefined;

  constructor(options: KuboContentStoreOptions) {
    this.api = new KuboApi(options.apiUrl);
    this.gatewayUrl = options.gatewayUrl;
    this.offline = options.offlineReads ?? true;
    this.readTimeoutMs = options.readTimeoutMs ?? 30_000;
    this.reader = new Reader(new RemoteBlockstore((cid, signal) => this.fetchBlock(cid, signal)));
  }

  readers(): Pick<
    ContentStore,
    'has' | 'stat' | 'dagBytes' | 'ls' | 'resolve' | 'cat' | 'catStream' | 'block' | 'multiaddrs' | 'publishIpns'
  > {
    return {
      publishIpns: (name, record, signal) => this.api.putIpns(name, record, signal),
      has: (cid) => this.api.hasBlock(parseCid(cid)),
      stat: async (cid, options) => {
        const parsed = parseCid(cid);
        const stat = await this.reader.stat(parsed, options);
        return { ...stat, complete: await this.api.isPinned(parsed) };
      },
      // Online on a Cluster: the node Cairn reads through fetches from the allocated peers what it
      // does not hold itself (with every peer allocated, the default, it holds it all).
      dagBytes: (cid, options) => this.api.dagBytes(parseCid(cid), { offline: this.offline, signal: options?.signal }),
      ls: (cid, options) => this.reader.ls(parseCid(cid), options ?? {}),
      resolve: (cid, path, options) => this.reader.resolve(parseCid(cid), path, options),
      cat: (cid, options) => deferredStream(() => this.catStream(parseCid(cid), options)),
      catStream: (cid, options) => this.catStream(parseCid(cid), options),
      block: async (cid, options) => {
        // Online on a Cluster, as every read there: its node fetches blocks the other nodes hold.
        const bytes = await this.fetchBlock(parseCid(cid), options?.signal);
        if (bytes === undefined) throw new ContentNotFoundError(cid);
        return bytes;
      },
      multiaddrs: async () => (await this.api.identity()).addresses,
    };
  }

  /** A block; an online read that nobody answers in time is a block not found, not a wait without end. */
  private async fetchBlock(cid: CID, signal?: AbortSignal): Promise<Uint8Array | undefined> {
    if (this.offline) return this.api.block(cid, { offline: true, signal });
    const timeout = AbortSignal.timeout(this.readTimeoutMs);
    try {
      return await this.api.block(cid, { offline: false, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      if (timeout.aborted && !signal?.aborted) return undefined;
      throw error;
    }
  }

  /**
   * File bytes straight from Kubo's gateway or its `cat` (its own reads are faster than block by
   * block), piped through as Kubo sends them; types and paths are checked here first.
   */
  private async catStream(cid: CID, options: { offset?: number; length?: number; signal?: AbortSignal } = {}): Promise<ContentStream> {
    const entry = await this.reader.stat(cid, options);
    // Reuse the reader's own error for a directory read as a file.
    if (entry.type === 'directory') return Readable.from(this.reader.cat(cid, options));
    const start = Math.min(Math.max(0, options.offset ?? 0), entry.size);
    const end = options.length === undefined ? entry.size : Math.min(entry.size, start + Math.max(0, options.length));
    if (end <= start) return Readable.from([]);
    const range = { offset: start, length: end - start, offline: this.offline, signal: options.signal };
    return this.gatewayUrl ? gatewayRead(this.gatewayUrl, cid, range) : this.api.cat(cid, range);
  }
}

/** Runs a pin with the caller's abort and a give-up time; a give-up is the caller's not-found. */
export async function withPinTimeout<T>(
  cid: string,
  options: PinOptions,
  fallbackMs: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? fallbackMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await run(signal);
  } catch (error) {
    if (options.signal?.aborted) throw new ContentAbortedError(options.signal.reason);
    if (timeout.aborted) throw new ContentNotFoundError(cid);
    throw error;
  }
}

/** Streams a folder's entries to an engine, checking paths and the byte budget on the way. */
export async function* checkedEntries(
  entries: AsyncIterable<DirectoryEntryInput>,
  budget: ByteBudget,
  sizes: Map<string, number>,
): AsyncGenerator<{ path: string; content: AsyncIterable<Uint8Array> }> {
  const paths = new PathSet();
  for await (const entry of entries) {
    const path = paths.add(entry.path);
    sizes.set(path, 0);
    const content = entry.content;
    yield {
      path,
      content: (async function* () {
        for await (const chunk of budget.meter(content)) {
          sizes.set(path, sizes.get(path)! + chunk.byteLength);
          yield chunk;
        }
      })(),
    };
  }
}

/** The files of a folder upload and its total, as every engine reports them. */
export function addedDirectory(root: string, entries: AddedEntry[], sizes: Map<string, number>): AddedDirectory {
  const byPath = new Map(entries.map((entry) => [entry.path, entry.cid]));
  const files = [...sizes].map(([path, size]) => {
    const cid = byPath.get(path);
    if (!cid) throw new InvalidPathError(path, 'the engine did not import this file');
    return { path, cid, size };
  });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { cid: root, size: files.reduce((sum, file) => sum + file.size, 0), files };
}

/**
 * Pins what this node has just imported, offline: every block is local unless a garbage collection
 * ran between the import and the pin (imports are unpinned until claimed), and then the upload
 * fails at once instead of waiting on the network for blocks nobody else has.
 */
async function pinImported(api: KuboApi, cid: string, signal?: AbortSignal): Promise<void> {
  await api.client.pin.add(parseCid(cid), { signal, ...offlineFlag(true) });
}

/** The name Kubo pins an import under when it pins as it imports (`pin ls --name` finds it). */
const importPinName = (importId: string): string => `cairn-upload-${importId}`;

/** What an import given `recovery` with this id pinned under its name (`ContentStore.pinnedByImport`). */
export async function pinnedByImport(api: KuboApi, importId: string): Promise<string[]> {
  return (await api.pinsNamed(importPinName(importId))).map((cid) => cid.toString());
}

/**
 * A file imported and pinned by one `add --pin-name`, then claimed: Kubo pins the root it has just
 * written without the walk over every block that a later `pin/add` makes (about a quarter of the
 * upload's time for 1 GiB), and holds off its garbage collection meanwhile. The pin is named after
 * the import (`importPinName`): once Kubo may have the whole file, a failure is `unsettled`, and
 * the caller's recovery finds the pin by that name (`pinnedByImport`).
 */
export async function addPinnedFile(
  api: KuboApi,
  source: AsyncIterable<Uint8Array>,
  options: AddOptions & { recovery: ImportRecovery },
): Promise<{ cid: string; size: number }> {
  const budget = new ByteBudget(options);
  let sent = false;
  let cid: string;
  try {
    const added = await budget.run(() =>
      api.add(
        (async function* () {
          const content = (async function* () {
            yield* budget.meter(source);
            sent = true;
          })();
          yield { path: '', content };
        })(),
        { cidVersion: options.cidVersion ?? 1, pin: true, pinName: importPinName(options.recovery.id), signal: options.signal },
      ),
    );
    const root = added.at(-1);
    if (!root) throw new Error('Kubo did not answer the import');
    cid = root.Hash;
  } catch (error) {
    // Cut off before its end, the body is one Kubo refuses: nothing was pinned.
    if (sent) options.recovery.unsettled();
    throw error;
  }
  crashPoint('upload-imported');
  try {
    await options.beforePin?.(cid);
  } catch (error) {
    options.recovery.unsettled();
    throw error;
  }
  return { cid, size: budget.total };
}

/**
 * A folder imported and pinned by Kubo's `add` under the import's name, as `addPinnedFile` does a
 * file, so that no later `pin/add` walks its every block. Kubo pins the root of each top-level
 * entry of its request, and the root `ipfs add -r` gives (`folderRoot`) is known only after the
 * last path: the request is made for the root the first path points to, unwrapped when that path
 * lies in a folder (the folder is the root, as for a folder picked in a browser), wrapped
 * otherwise. A later path outside that folder makes the wrapper the root after all: the request
 * is ended there, the folder it pinned claimed (and so released with the upload), and a wrapped
 * request made of the folder's files read back from Kubo (counted once), then the rest.
 */
export async function addPinnedFolder(
  api: KuboApi,
  entries: AsyncIterable<DirectoryEntryInput>,
  options: AddOptions & { recovery: ImportRecovery },
): Promise<AddedDirectory> {
  const budget = new ByteBudget(options);
  const sizes = new Map<string, number>();
  const checked = checkedEntries(entries, budget, sizes)[Symbol.asyncIterator]();
  const settings = { cidVersion: options.cidVersion ?? 1, pin: true, pinName: importPinName(options.recovery.id), signal: options.signal };
  // Set once a request's whole body went to Kubo, which then pins its root unclaimed.
  let sent = false;
  const add = async (files: AsyncIterable<MultipartFile>, wrapWithDirectory: boolean): Promise<AddedEntry[]> => {
    const answer = await budget.run(() =>
      api.add(
        (async function* () {
          yield* files;
          sent = true;
        })(),
        { ...settings, wrapWithDirectory },
      ),
    );
    return answer.map((entry) => ({ path: entry.Name, cid: entry.Hash }));
  };
  try {
    const first = await checked.next();
    const folder = first.done || !first.value.path.includes('/') ? undefined : first.value.path.split('/')[0]!;
    let rest: IteratorResult<MultipartFile, void> = first;
    let root: string | undefined;
    let imported: AddedEntry[] = [];
    /** The files the unwrapped request imported, when a path outside its folder ended it. */
    const readBack: Array<{ path: string; cid: string; size: number }> = [];
    if (folder !== undefined) {
      let outside: IteratorResult<MultipartFile, void> | undefined;
      imported = await add(
        (async function* () {
          for (let next = first; !next.done; next = await checked.next()) {
            if (!next.value.path.startsWith(`${folder}/`)) {
              outside = next;
              return;
            }
            yield next.value;
          }
        })(),
        false,
      );
      root = imported.find((entry) => entry.path === folder)?.cid;
      if (!root) throw new Error(`Kubo did not answer the folder ${folder}`);
      if (outside) {
        await options.beforePin?.(root);
        sent = false;
        const cids = new Map(imported.map((entry) => [entry.path, entry.cid]));
        for (const [path, size] of sizes) {
          if (path === outside.value!.path) continue;
          const cid = cids.get(path);
          if (!cid) throw new InvalidPathError(path, 'the engine did not import this file');
          readBack.push({ path, cid, size });
        }
        rest = outside;
        root = undefined;
      }
    }
    if (!root) {
      imported = await add(
        (async function* () {
          for (const file of readBack) {
            const read = { offset: 0, length: file.size, offline: true, signal: options.signal };
            yield { path: file.path, content: file.size === 0 ? Readable.from([]) : await api.cat(parseCid(file.cid), read) };
          }
          for (let next = rest; !next.done; next = await checked.next()) yield next.value;
        })(),
        true,
      );
      root = folderRoot(imported, new Set(sizes.keys()));
    }
    crashPoint('upload-imported');
    await options.beforePin?.(root);
    return addedDirectory(root, imported, sizes);
  } catch (error) {
    // Cut off before its end, a body is one Kubo refuses: nothing was pinned.
    if (sent) options.recovery.unsettled();
    throw error;
  }
}

/**
 * A folder imported by Kubo's `add`, wrapped and unpinned: an upload that dies half-way leaves
 * nothing pinned for a garbage collection to keep. The caller claims and pins the root picked here
 * (`folderRoot`), which is what `ipfs add -r` of the folder gives.
 */
export async function importFolder(
  api: KuboApi,
  entries: AsyncIterable<DirectoryEntryInput>,
  options: AddOptions,
): Promise<AddedDirectory> {
  const budget = new ByteBudget(options);
  const sizes = new Map<string, number>();
  const imported = await budget.run(() =>
    api.add(checkedEntries(entries, budget, sizes), {
      cidVersion: options.cidVersion ?? 1,
      pin: false,
      wrapWithDirectory: true,
      signal: options.signal,
    }),
  );
  const added: AddedEntry[] = imported.map((entry) => ({ path: entry.Name, cid: entry.Hash }));
  return addedDirectory(folderRoot(added, new Set(sizes.keys())), added, sizes);
}

/** A Kubo node over its RPC API: imports with Kubo's own `add`, pins with `pin/add`. */
export async function createKuboContentStore(options: KuboContentStoreOptions): Promise<ContentStore> {
  const reads = new KuboReads(options);
  const { api } = reads;
  const self = await api.identity();
  const node = { peerId: self.id, peerName: 'kubo' };
  const announcesToPublicNetwork = providesToPublicNetwork(await api.config());

  return {
    engine: 'kubo',
    capabilities: { garbageCollection: true, announcesToPublicNetwork },
    ...reads.readers(),
    async addFile(source, addOptions) {
      const { recovery } = addOptions;
      if (recovery) return addPinnedFile(api, source, { ...addOptions, recovery });
      const budget = new ByteBudget(addOptions);
      const added = await budget.run(() =>
        api.add(
          (async function* () {
            yield { path: '', content: budget.meter(source) };
          })(),
          // Imported unpinned, claimed, then pinned: a crash at any point leaves no pin unclaimed.
          { cidVersion: addOptions.cidVersion ?? 1, pin: false, signal: addOptions.signal },
        ),
      );
      const root = added.at(-1);
      if (!root) throw new Error('Kubo did not answer the import');
      await addOptions.beforePin?.(root.Hash);
      await pinImported(api, root.Hash, addOptions.signal);
      return { cid: root.Hash, size: budget.total };
    },
    async addDirectory(entries, addOptions) {
      const { recovery } = addOptions;
      if (recovery) return addPinnedFolder(api, entries, { ...addOptions, recovery });
      const folder = await importFolder(api, entries, addOptions);
      await addOptions.beforePin?.(folder.cid);
      await pinImported(api, folder.cid, addOptions.signal);
      return folder;
    },
    importBlocks: async (importOptions) =>
      kuboBlockImport(api, {
        ...importOptions,
        pinRoot: async (cid, signal) => {
          await api.client.pin.add(cid, { signal });
        },
      }),
    collectGarbage: (signal) => api.collectGarbage(signal),
    async pin(cid, pinOptions: PinOptions = {}): Promise<PinResult> {
      const parsed = parseCid(cid);
      if (pinOptions.origins?.length) api.connect(pinOptions.origins);
      const blocks = await withPinTimeout(cid, pinOptions, options.pinTimeoutMs ?? 120_000, (signal) =>
        api.pin(parsed, { signal, onProgress: pinOptions.onProgress }),
      );
      return { cid, blocks };
    },
    unpin: (cid) => api.unpin(parseCid(cid)),
    isPinned: (cid) => api.isPinned(parseCid(cid)),
    pinnedByImport: (importId) => pinnedByImport(api, importId),
    async status(cid) {
      if (!(await api.isPinned(parseCid(cid)))) return [];
      return [{ ...node, status: 'pinned', error: null, updatedAt: null }];
    },
    async allocations(cid) {
      if (!(await api.isPinned(parseCid(cid)))) return null;
      return { peers: [node], replicationMin: 1, replicationMax: 1 };
    },
    async close() {
      // The client keeps no connections open between calls.
    },
  } satisfies ContentStore;
}
