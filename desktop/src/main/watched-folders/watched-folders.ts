import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { DEFAULT_BACKOFF, type BackoffPolicy } from '../upload-queue/backoff';
import { walkFolder } from '../upload-queue/folder-walk';
import type { FolderMode, QueueItem } from '../upload-queue/queue-types';
import type { FolderStore } from './folder-store';
import type { FolderManifest, WatchedFolderSettings, WatchedFolderView, WatchMode } from './folder-types';
import { watchFolder } from './folder-watch';
import { diffManifest } from './manifest-diff';
import { NamePublication } from './name-publication';
import type { NamePublisher } from './name-publisher';
import type { RecordsApi } from './records-api';

/** What watched folders need of the upload queue (the `UploadQueue` itself in the app). */
export interface FolderQueue {
  add(paths: readonly string[], mode: FolderMode, label: string): Promise<unknown>;
  on(event: 'item-finished', listener: (item: QueueItem) => void): unknown;
}

export interface WatchedFoldersOptions {
  store: FolderStore;
  queue: FolderQueue;
  records: RecordsApi;
  /** Points a folder's name at its new root. */
  publish: NamePublisher;
  /** Waits between attempts to publish a root that failed for a reason time may clear. */
  publishBackoff?: BackoffPolicy;
  now?: () => number;
  /** How long a file's size must stay still before it is taken. */
  settleMs?: number;
  /** Quiet time after the last change before the folder is pinned again as one DAG (DAG mode, or published to a name). */
  dagSettleMs?: number;
}

interface Live {
  settings: WatchedFolderSettings;
  manifest: FolderManifest;
  watcher: FSWatcher | null;
  error: string | null;
  /** Files sent and not yet answered, with the size and time they had when queued. */
  pending: Map<string, { size: number; mtimeMs: number }>;
  /** Records of files that left the folder, by record id, to follow a rename (same content comes back). */
  gone: Map<string, string>;
  dagTimer: NodeJS.Timeout | null;
  /** A change came while the folder was being sent as a DAG: it is sent once more when that ends. */
  dagAgain: boolean;
  publication: NamePublication | null;
}

/**
 * Folders whose content the desktop app keeps pinned. Electron-free: chokidar watchers, a manifest
 * per folder to find what changed while the app was closed, the upload queue to send, and every
 * problem kept on its folder for the screen to show.
 */
export class WatchedFolders extends EventEmitter<{ change: [] }> {
  readonly #options: Required<WatchedFoldersOptions>;
  readonly #live = new Map<string, Live>();

  constructor(options: WatchedFoldersOptions) {
    super();
    this.#options = { settleMs: 1000, dagSettleMs: 1500, publishBackoff: DEFAULT_BACKOFF, now: Date.now, ...options };
    this.#options.queue.on('item-finished', (item) => void this.#finished(item));
  }

  /** Starts every folder the user did not pause; changes made while the app was closed are sent. */
  async start(): Promise<void> {
    for (const settings of this.#options.store.folders()) await this.#open(settings);
  }

  list(): WatchedFolderView[] {
    return [...this.#live.values()].map(({ settings, manifest, error, publication }) => {
      const files = Object.values(manifest.files);
      return {
        ...settings,
        state: error ? 'error' : settings.paused ? 'paused' : 'watching',
        error,
        fileCount: files.length,
        pinnedCount: files.filter((entry) => entry.cid).length,
        rootCid: manifest.root?.cid ?? null,
        publication: publication?.view() ?? null,
      };
    });
  }

  async add(folder: string, mode: WatchMode, removeDeleted: boolean): Promise<WatchedFolderView[]> {
    const absolute = path.resolve(folder);
    if (!fs.statSync(absolute, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`Not a folder: ${absolute}`);
    if (!this.#live.has(absolute)) {
      await this.#open({ path: absolute, mode, paused: false, removeDeleted });
      this.#saveSettings();
    }
    return this.list();
  }

  async remove(folder: string): Promise<WatchedFolderView[]> {
    const live = this.#live.get(folder);
    if (live) {
      await this.#close(live);
      live.publication?.stop();
      this.#live.delete(folder);
      this.#saveSettings();
    }
    return this.list();
  }

  async update(
    folder: string,
    changes: Partial<Pick<WatchedFolderSettings, 'mode' | 'paused' | 'removeDeleted' | 'publishTo'>>,
  ): Promise<WatchedFolderView[]> {
    const live = this.#live.get(folder);
    if (live) {
      // Uploads sent before the change still finish into this folder: the new watch keeps their
      // bookkeeping (and its publication, while the name stays), and the old one stays findable
      // until the new one takes its place.
      await this.#close(live);
      await this.#open({ ...live.settings, ...changes }, live);
      this.#saveSettings();
    }
    return this.list();
  }

  async stop(): Promise<void> {
    for (const live of this.#live.values()) {
      await this.#close(live);
      live.publication?.stop();
    }
  }

  async #open(settings: WatchedFolderSettings, previous?: Live): Promise<void> {
    const manifest = this.#options.store.manifest(settings.path);
    const live: Live = {
      settings,
      manifest,
      watcher: null,
      error: null,
      pending: previous?.pending ?? new Map(),
      gone: previous?.gone ?? new Map(),
      dagTimer: null,
      dagAgain: previous?.dagAgain ?? false,
      publication: this.#publication(settings, manifest, previous?.publication),
    };
    this.#live.set(settings.path, live);
    if (!settings.paused) {
      try {
        live.watcher = watchFolder(settings.path, this.#options.settleMs, {
          settled: (file, size, mtimeMs) => this.#settled(live, file, size, mtimeMs),
          removed: (file) => void this.#removed(live, file),
          treeChanged: () => this.#wantsDag(live) && this.#scheduleDag(live),
          error: (error) => this.#fail(live, error.message),
        });
        // Until its first scan is done the watcher cannot report a deletion: wait for it.
        await new Promise<void>((resolve) => live.watcher!.once('ready', () => resolve()));
        await this.#catchUp(live);
      } catch (error) {
        this.#fail(live, (error as Error).message);
      }
    }
    this.emit('change');
  }

  /** The folder's publication to its name: the one it had while the name stays the same, else a new one. */
  #publication(settings: WatchedFolderSettings, manifest: FolderManifest, kept?: NamePublication | null): NamePublication | null {
    const target = settings.publishTo ?? null;
    if (kept && target && kept.target.nameId === target.nameId) return kept;
    kept?.stop();
    if (!target) return null;
    const publication = new NamePublication({
      target,
      publish: this.#options.publish,
      last: manifest.published?.nameId === target.nameId ? manifest.published : undefined,
      backoff: this.#options.publishBackoff,
      now: this.#options.now,
    });
    publication.on('change', () => this.emit('change'));
    publication.on('published', (cid, at) => void this.#published(settings.path, cid, at));
    return publication;
  }

  async #close(live: Live): Promise<void> {
    if (live.dagTimer) clearTimeout(live.dagTimer);
    await live.watcher?.close();
    live.watcher = null;
  }

  /** Sends what changed since the manifest was written, and follows what was deleted meanwhile. */
  async #catchUp(live: Live): Promise<void> {
    if (!fs.statSync(live.settings.path, { throwIfNoEntry: false })?.isDirectory())
      throw new Error(`The folder ${live.settings.path} no longer exists`);
    const { changed, removed } = diffManifest(live.manifest, await walkFolder(live.settings.path));
    const dagChanged = live.settings.mode === 'dag' ? changed.length > 0 || removed.length > 0 : live.manifest.dagDue === true;
    if (this.#wantsDag(live) && (dagChanged || !live.manifest.root)) this.#scheduleDag(live, 0);
    else this.#offerRoot(live);
    if (!live.publication) await this.#removeSuperseded(live);
    if (live.settings.mode === 'dag') return;
    for (const relative of removed) await this.#removed(live, path.join(live.settings.path, relative));
    for (const file of changed) this.#settled(live, file.path, file.size, file.mtimeMs);
  }

  #settled(live: Live, file: string, size: number, mtimeMs: number): void {
    if (this.#wantsDag(live)) this.#scheduleDag(live);
    if (live.settings.mode === 'dag') return;
    const entry = live.manifest.files[this.#relative(live, file)];
    if (entry?.cid && entry.size === size && entry.mtimeMs === mtimeMs) return;
    // At start the manifest catch-up and the watcher's first scan both report a new file: send it once.
    const queued = live.pending.get(file);
    if (queued && queued.size === size && Math.trunc(queued.mtimeMs) === Math.trunc(mtimeMs)) return;
    live.pending.set(file, { size, mtimeMs });
    this.#options.queue.add([file], 'files', path.basename(live.settings.path)).catch((error: Error) => this.#fail(live, error.message));
  }

  async #removed(live: Live, file: string): Promise<void> {
    if (this.#wantsDag(live)) this.#scheduleDag(live);
    if (live.settings.mode === 'dag') return;
    const relative = this.#relative(live, file);
    const entry = live.manifest.files[relative];
    if (!entry) return;
    delete live.manifest.files[relative];
    this.#saveManifest(live);
    if (!entry.uploadId) return;
    if (!live.settings.removeDeleted) {
      live.gone.set(entry.uploadId, relative);
      return;
    }
    try {
      await this.#options.records.remove(entry.uploadId);
    } catch (error) {
      this.#fail(live, `${relative}: ${(error as Error).message}`);
    }
  }

  /** The folder goes as one DAG: in DAG mode, and besides its files' own records when it has a name. */
  #wantsDag(live: Live): boolean {
    return live.settings.mode === 'dag' || live.publication !== null;
  }

  #scheduleDag(live: Live, delay = this.#options.dagSettleMs): void {
    // Files mode: each file's record is written on its own, so the manifest alone cannot tell at
    // the next start that the folder's DAG missed a change.
    if (live.settings.mode === 'files' && !live.manifest.dagDue) {
      live.manifest.dagDue = true;
      this.#options.store.saveManifest(live.settings.path, live.manifest);
    }
    if (live.dagTimer) clearTimeout(live.dagTimer);
    live.dagTimer = setTimeout(() => {
      live.dagTimer = null;
      const folder = live.settings.path;
      // The queue takes a folder once while it is pending: what changed since goes in one more upload after it.
      if (live.pending.has(folder)) {
        live.dagAgain = true;
        return;
      }
      live.pending.set(folder, { size: 0, mtimeMs: 0 });
      this.#options.queue.add([folder], 'dag', path.basename(folder)).catch((error: Error) => {
        live.pending.delete(folder);
        this.#fail(live, error.message);
      });
    }, delay);
  }

  async #finished(item: QueueItem): Promise<void> {
    const live = [...this.#live.values()].find((candidate) => candidate.pending.has(item.path));
    const sent = live?.pending.get(item.path);
    if (!live || !sent) return;
    live.pending.delete(item.path);
    if (item.kind === 'folder') return this.#folderFinished(live, item);
    // A file deleted while it waited in the queue is no failure: its deletion is followed on its own.
    if (item.status !== 'done' && item.error?.code === 'file_missing' && !fs.existsSync(item.path)) return;
    if (item.status !== 'done') return this.#fail(live, `${item.name}: ${item.error?.message ?? item.status}`);
    const relative = this.#relative(live, item.path);
    live.manifest.files[relative] = { size: sent.size, mtimeMs: sent.mtimeMs, cid: item.cid, uploadId: item.uploadId };
    this.#saveManifest(live);
    // Deleted while it was being sent: the deletion found no record yet, so follow it now.
    if (!fs.existsSync(item.path)) return this.#removed(live, item.path);
    const renamedFrom = item.uploadId && item.duplicate ? live.gone.get(item.uploadId) : undefined;
    if (renamedFrom === undefined) return;
    live.gone.delete(item.uploadId!);
    try {
      await this.#options.records.rename(item.uploadId!, path.basename(item.path));
    } catch (error) {
      this.#fail(live, `${relative}: ${(error as Error).message}`);
    }
  }

  async #folderFinished(live: Live, item: QueueItem): Promise<void> {
    if (item.status === 'done') await this.#pinnedDag(live, item);
    else this.#fail(live, `${item.name}: ${item.error?.message ?? item.status}`);
    if (!live.dagAgain) return;
    live.dagAgain = false;
    this.#scheduleDag(live, 0);
  }

  async #pinnedDag(live: Live, item: QueueItem): Promise<void> {
    const previous = live.manifest.root;
    const root = { cid: item.cid!, uploadId: item.uploadId! };
    if (live.settings.mode === 'dag') {
      const files = await walkFolder(live.settings.path);
      live.manifest.files = Object.fromEntries(
        files.map((file) => [file.relative, { size: file.size, mtimeMs: file.mtimeMs, cid: root.cid }]),
      );
    }
    live.manifest.root = root;
    if (!live.dagAgain && !live.dagTimer) delete live.manifest.dagDue;
    const replaced = previous && previous.uploadId !== root.uploadId && live.settings.removeDeleted ? previous.uploadId : null;
    // A name still points at the previous root until the new one is published: its record stays until then.
    if (replaced && live.publication) live.manifest.superseded = [...(live.manifest.superseded ?? []), replaced];
    this.#saveManifest(live);
    live.publication?.offer(root.cid);
    if (replaced && !live.publication)
      await this.#options.records.remove(replaced).catch((error: Error) => this.#fail(live, error.message));
  }

  /** Publishes the pinned root to the folder's name, unless the name already points at it. */
  #offerRoot(live: Live): void {
    const { root, published } = live.manifest;
    if (!live.publication || !root) return;
    if (published?.nameId === live.publication.target.nameId && published.cid === root.cid) return;
    live.publication.offer(root.cid);
  }

  async #published(folder: string, cid: string, at: number): Promise<void> {
    const live = this.#live.get(folder);
    if (!live?.settings.publishTo) return;
    live.manifest.published = { nameId: live.settings.publishTo.nameId, cid, at };
    this.#saveManifest(live);
    // Only once the name points at the newest root: an older one may still be what it resolves to.
    if (cid === live.manifest.root?.cid) await this.#removeSuperseded(live);
  }

  /** Removes the records of earlier roots the folder's name no longer needs. */
  async #removeSuperseded(live: Live): Promise<void> {
    const superseded = live.manifest.superseded ?? [];
    if (superseded.length === 0) return;
    delete live.manifest.superseded;
    this.#saveManifest(live);
    for (const uploadId of new Set(superseded)) {
      if (uploadId === live.manifest.root?.uploadId) continue;
      await this.#options.records.remove(uploadId).catch((error: Error) => this.#fail(live, error.message));
    }
  }

  #fail(live: Live, message: string): void {
    live.error = message;
    this.emit('change');
  }

  #relative(live: Live, file: string): string {
    return path.relative(live.settings.path, file).split(path.sep).join('/');
  }

  #saveManifest(live: Live): void {
    this.#options.store.saveManifest(live.settings.path, live.manifest);
    this.emit('change');
  }

  #saveSettings(): void {
    this.#options.store.saveFolders([...this.#live.values()].map((live) => live.settings));
  }
}
