import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { walkFolder } from '../upload-queue/folder-walk';
import type { FolderMode, QueueItem } from '../upload-queue/queue-types';
import type { FolderStore } from './folder-store';
import type { FolderManifest, WatchedFolderSettings, WatchedFolderView, WatchMode } from './folder-types';
import { watchFolder } from './folder-watch';
import { diffManifest } from './manifest-diff';
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
  /** How long a file's size must stay still before it is taken. */
  settleMs?: number;
  /** DAG mode: quiet time after the last change before the folder is pinned again. */
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
    this.#options = { settleMs: 1000, dagSettleMs: 1500, ...options };
    this.#options.queue.on('item-finished', (item) => void this.#finished(item));
  }

  /** Starts every folder the user did not pause; changes made while the app was closed are sent. */
  async start(): Promise<void> {
    for (const settings of this.#options.store.folders()) await this.#open(settings);
  }

  list(): WatchedFolderView[] {
    return [...this.#live.values()].map(({ settings, manifest, error }) => {
      const files = Object.values(manifest.files);
      return {
        ...settings,
        state: error ? 'error' : settings.paused ? 'paused' : 'watching',
        error,
        fileCount: files.length,
        pinnedCount: files.filter((entry) => entry.cid).length,
        rootCid: manifest.root?.cid ?? null,
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
      this.#live.delete(folder);
      this.#saveSettings();
    }
    return this.list();
  }

  async update(
    folder: string,
    changes: Partial<Pick<WatchedFolderSettings, 'mode' | 'paused' | 'removeDeleted'>>,
  ): Promise<WatchedFolderView[]> {
    const live = this.#live.get(folder);
    if (live) {
      // Uploads sent before the change still finish into this folder: the new watch keeps their
      // bookkeeping, and the old one stays findable until the new one takes its place.
      await this.#close(live);
      await this.#open({ ...live.settings, ...changes }, live);
      this.#saveSettings();
    }
    return this.list();
  }

  async stop(): Promise<void> {
    for (const live of this.#live.values()) await this.#close(live);
  }

  async #open(settings: WatchedFolderSettings, previous?: Live): Promise<void> {
    const live: Live = {
      settings,
      manifest: this.#options.store.manifest(settings.path),
      watcher: null,
      error: null,
      pending: previous?.pending ?? new Map(),
      gone: previous?.gone ?? new Map(),
      dagTimer: null,
    };
    this.#live.set(settings.path, live);
    if (!settings.paused) {
      try {
        live.watcher = watchFolder(settings.path, this.#options.settleMs, {
          settled: (file, size, mtimeMs) => this.#settled(live, file, size, mtimeMs),
          removed: (file) => void this.#removed(live, file),
          treeChanged: () => live.settings.mode === 'dag' && this.#scheduleDag(live),
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
    if (live.settings.mode === 'dag') {
      if (changed.length > 0 || removed.length > 0 || !live.manifest.root) this.#scheduleDag(live, 0);
      return;
    }
    for (const relative of removed) await this.#removed(live, path.join(live.settings.path, relative));
    for (const file of changed) this.#settled(live, file.path, file.size, file.mtimeMs);
  }

  #settled(live: Live, file: string, size: number, mtimeMs: number): void {
    if (live.settings.mode === 'dag') return this.#scheduleDag(live);
    const entry = live.manifest.files[this.#relative(live, file)];
    if (entry?.cid && entry.size === size && entry.mtimeMs === mtimeMs) return;
    // At start the manifest catch-up and the watcher's first scan both report a new file: send it once.
    const queued = live.pending.get(file);
    if (queued && queued.size === size && Math.trunc(queued.mtimeMs) === Math.trunc(mtimeMs)) return;
    live.pending.set(file, { size, mtimeMs });
    this.#options.queue.add([file], 'files', path.basename(live.settings.path)).catch((error: Error) => this.#fail(live, error.message));
  }

  async #removed(live: Live, file: string): Promise<void> {
    if (live.settings.mode === 'dag') return this.#scheduleDag(live);
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

  #scheduleDag(live: Live, delay = this.#options.dagSettleMs): void {
    if (live.dagTimer) clearTimeout(live.dagTimer);
    live.dagTimer = setTimeout(() => {
      live.dagTimer = null;
      live.pending.set(live.settings.path, { size: 0, mtimeMs: 0 });
      this.#options.queue
        .add([live.settings.path], 'dag', path.basename(live.settings.path))
        .catch((error: Error) => this.#fail(live, error.message));
    }, delay);
  }

  async #finished(item: QueueItem): Promise<void> {
    const live = [...this.#live.values()].find((candidate) => candidate.pending.has(item.path));
    const sent = live?.pending.get(item.path);
    if (!live || !sent) return;
    live.pending.delete(item.path);
    // A file deleted while it waited in the queue is no failure: its deletion is followed on its own.
    if (item.status !== 'done' && item.error?.code === 'file_missing' && !fs.existsSync(item.path)) return;
    if (item.status !== 'done') return this.#fail(live, `${item.name}: ${item.error?.message ?? item.status}`);
    if (item.kind === 'folder') return this.#pinnedDag(live, item);
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

  async #pinnedDag(live: Live, item: QueueItem): Promise<void> {
    const previous = live.manifest.root;
    const files = await walkFolder(live.settings.path);
    live.manifest = {
      root: { cid: item.cid!, uploadId: item.uploadId! },
      files: Object.fromEntries(files.map((file) => [file.relative, { size: file.size, mtimeMs: file.mtimeMs, cid: item.cid }])),
    };
    this.#saveManifest(live);
    if (previous && previous.uploadId !== item.uploadId && live.settings.removeDeleted) {
      await this.#options.records.remove(previous.uploadId).catch((error: Error) => this.#fail(live, error.message));
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
