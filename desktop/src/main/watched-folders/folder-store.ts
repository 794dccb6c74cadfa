import crypto from 'node:crypto';
import path from 'node:path';
import { readJsonFile, writeFileAtomic } from '../upload-queue/atomic-file';
import type { FolderManifest, WatchedFolderSettings } from './folder-types';

/**
 * The watched folders' settings and manifests in the app's data folder, each file replaced
 * atomically. One manifest per folder, named by a hash of its path.
 */
export class FolderStore {
  readonly #dir: string;

  constructor(dataDir: string) {
    this.#dir = path.join(dataDir, 'watched-folders');
  }

  folders(): WatchedFolderSettings[] {
    const raw = readJsonFile(path.join(this.#dir, 'folders.json'));
    return Array.isArray(raw) ? (raw as WatchedFolderSettings[]) : [];
  }

  saveFolders(folders: readonly WatchedFolderSettings[]): void {
    writeFileAtomic(path.join(this.#dir, 'folders.json'), JSON.stringify(folders, null, 2));
  }

  manifest(folder: string): FolderManifest {
    const raw = readJsonFile(this.#manifestFile(folder)) as FolderManifest | undefined;
    return raw?.files ? raw : { files: {} };
  }

  saveManifest(folder: string, manifest: FolderManifest): void {
    writeFileAtomic(this.#manifestFile(folder), JSON.stringify(manifest));
  }

  #manifestFile(folder: string): string {
    return path.join(this.#dir, `${crypto.createHash('sha256').update(folder).digest('hex').slice(0, 24)}.json`);
  }
}
