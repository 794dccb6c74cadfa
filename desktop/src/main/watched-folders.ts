import fs from 'node:fs';
import path from 'node:path';
import type { WatchedFileEvent } from '../shared/desktop-bridge';

export interface WatchedFoldersOptions {
  /** JSON file that keeps the folder list between runs. */
  storeFile: string;
  onFileAdded: (event: WatchedFileEvent) => void;
}

/**
 * Folders whose new files the desktop app uploads. Electron-free: persists the list to a JSON file
 * and watches with fs.watch; a file is reported once, when it first appears as a regular file.
 */
export class WatchedFolders {
  readonly #options: WatchedFoldersOptions;
  readonly #watchers = new Map<string, fs.FSWatcher>();
  readonly #seen = new Set<string>();

  constructor(options: WatchedFoldersOptions) {
    this.#options = options;
  }

  list(): string[] {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(this.#options.storeFile, 'utf8'));
      return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
    } catch {
      return [];
    }
  }

  /** Starts watching every stored folder that still exists. */
  start(): void {
    for (const folder of this.list()) this.#watch(folder);
  }

  add(folder: string): string[] {
    const absolute = path.resolve(folder);
    if (!fs.statSync(absolute, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`Not a folder: ${absolute}`);
    const folders = [...new Set([...this.list(), absolute])];
    this.#save(folders);
    this.#watch(absolute);
    return folders;
  }

  remove(folder: string): string[] {
    const absolute = path.resolve(folder);
    this.#watchers.get(absolute)?.close();
    this.#watchers.delete(absolute);
    const folders = this.list().filter((item) => item !== absolute);
    this.#save(folders);
    return folders;
  }

  stop(): void {
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  #save(folders: string[]): void {
    fs.mkdirSync(path.dirname(this.#options.storeFile), { recursive: true });
    fs.writeFileSync(this.#options.storeFile, JSON.stringify(folders, null, 2));
  }

  #watch(folder: string): void {
    if (this.#watchers.has(folder) || !fs.existsSync(folder)) return;
    // Files already there are not new: remember them so only later arrivals are reported.
    for (const name of fs.readdirSync(folder)) this.#seen.add(path.join(folder, name));
    const watcher = fs.watch(folder, (_event, name) => {
      if (name) this.#check(folder, path.join(folder, name.toString()));
    });
    watcher.on('error', () => this.#watchers.delete(folder));
    this.#watchers.set(folder, watcher);
  }

  #check(folder: string, file: string): void {
    if (this.#seen.has(file)) return;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return;
    this.#seen.add(file);
    this.#options.onFileAdded({ folder, path: file, size: stat.size });
  }
}
