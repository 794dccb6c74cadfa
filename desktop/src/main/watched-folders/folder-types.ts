import type { FolderPublication, PublishTarget } from '../../shared/desktop-bridge';

/** How a watched folder reaches Cairn: each file its own record, or the folder re-pinned as one DAG. */
export type WatchMode = 'files' | 'dag';

/** A watched folder as the user set it up (kept between runs). */
export interface WatchedFolderSettings {
  path: string;
  mode: WatchMode;
  paused: boolean;
  /** Remove a file's record from Cairn when the file leaves the folder (off: records stay). */
  removeDeleted: boolean;
  /** The account's IPNS name the folder's DAG is published to after each change; absent or null: none. */
  publishTo?: PublishTarget | null;
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
  /** The folder's last pinned root: in DAG mode, and for a folder published to a name. */
  root?: { cid: string; uploadId: string };
  /** A folder of separate files with a name: a change was seen that its folder DAG does not hold yet. */
  dagDue?: boolean;
  /** The last root published to the folder's name. */
  published?: { nameId: string; cid: string; at: number };
  /** Records of earlier roots, removed once the name points at a newer one (when deleted files' records go). */
  superseded?: string[];
}

export type { FolderPublication, PublishTarget };

/** A watched folder as the Watched folders screen shows it. */
export interface WatchedFolderView extends WatchedFolderSettings {
  state: 'watching' | 'paused' | 'error';
  /** The last problem, in words (a folder that vanished, a refused upload, a watcher failure). */
  error: string | null;
  fileCount: number;
  pinnedCount: number;
  rootCid: string | null;
  publication: FolderPublication | null;
}
