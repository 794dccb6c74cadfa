/** How a watched folder reaches Cairn: each file its own record, or the folder re-pinned as one DAG. */
export type WatchMode = 'files' | 'dag';

/** A watched folder as the user set it up (kept between runs). */
export interface WatchedFolderSettings {
  path: string;
  mode: WatchMode;
  paused: boolean;
  /** Remove a file's record from Cairn when the file leaves the folder (off: records stay). */
  removeDeleted: boolean;
}

/** What the app last sent of one file: found again at start to spot changes made while it was closed. */
export interface ManifestEntry {
  size: number;
  mtimeMs: number;
  cid?: string;
  uploadId?: string;
}

export interface FolderManifest {
  files: Record<string, ManifestEntry>;
  /** DAG mode: the folder's last pinned root. */
  root?: { cid: string; uploadId: string };
}

/** A watched folder as the Watched folders screen shows it. */
export interface WatchedFolderView extends WatchedFolderSettings {
  state: 'watching' | 'paused' | 'error';
  /** The last problem, in words (a folder that vanished, a refused upload, a watcher failure). */
  error: string | null;
  fileCount: number;
  pinnedCount: number;
  rootCid: string | null;
}
