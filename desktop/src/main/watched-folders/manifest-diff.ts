import type { WalkedFile } from '../upload-queue/folder-walk';
import type { FolderManifest } from './folder-types';

export interface ManifestDiff {
  /** New or changed files (by size or modification time), or never pinned. */
  changed: WalkedFile[];
  /** Relative paths the manifest has and the disk no longer does. */
  removed: string[];
}

/** Compares a folder on disk with what was last sent of it. */
export function diffManifest(manifest: FolderManifest, onDisk: readonly WalkedFile[]): ManifestDiff {
  const seen = new Set<string>();
  const changed: WalkedFile[] = [];
  for (const file of onDisk) {
    seen.add(file.relative);
    const entry = manifest.files[file.relative];
    if (!entry?.cid || entry.size !== file.size || entry.mtimeMs !== file.mtimeMs) changed.push(file);
  }
  const removed = Object.keys(manifest.files).filter((relative) => !seen.has(relative));
  return { changed, removed };
}
