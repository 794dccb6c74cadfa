import type { ServerAddressResult } from './server-address';

/**
 * The one object the preload exposes as `window.cairnDesktop`. The web build leaves it undefined;
 * the renderer reaches it only through the zustand desktop slice, so components never branch on
 * the platform.
 */
export interface DesktopAppInfo {
  version: string;
  platform: string;
  /** The Cairn server this desktop app talks to (its API is proxied under the app's own origin); null until one is set. */
  serverUrl: string | null;
  /** Where the address comes from: the environment, the saved setting, or nowhere yet (first run). */
  serverUrlSource: 'env' | 'setting' | 'none';
}

export type TransferStatus = 'queued' | 'running' | 'paused' | 'failed' | 'done';
export type FolderMode = 'dag' | 'files';
export type WatchMode = 'files' | 'dag';

export interface TransferItem {
  id: string;
  name: string;
  kind: 'file' | 'folder';
  size: number;
  sentBytes: number;
  status: TransferStatus;
  cid: string | null;
  duplicate: boolean;
  /** The server's or the system's words for the last failure (English, from the API). */
  error: { code: string; message: string } | null;
}

/** The Transfers screen's whole state: pushed by the main process at most a few times a second. */
export interface TransfersView {
  /** Running first, then failed, paused, queued and the most recent done (at most a few hundred). */
  items: TransferItem[];
  totals: { items: number; done: number; failed: number; bytes: number; sentBytes: number };
  bytesPerSecond: number;
  /** Seconds left at the current speed; null when nothing moves. */
  etaSeconds: number | null;
  /** Why the queue waits for the user. */
  blocked: 'sign_in' | 'quota_exceeded' | null;
}

/** One of the account's IPNS names, as a watched folder publishes to it. */
export interface PublishTarget {
  nameId: string;
  /** The `k51…` name. */
  name: string;
}

/** Where a folder's publication to its name stands. */
export interface FolderPublication extends PublishTarget {
  state: 'idle' | 'publishing' | 'retrying';
  /** The root last published to the name, and when (epoch ms). */
  cid: string | null;
  publishedAt: number | null;
  /** The server's or the system's words for the last failure (English); null once one succeeds. */
  error: string | null;
}

export interface WatchedFolder {
  path: string;
  mode: WatchMode;
  paused: boolean;
  removeDeleted: boolean;
  /** The name the folder's DAG is published to after each change; null for none. */
  publishTo?: PublishTarget | null;
  state: 'watching' | 'paused' | 'error';
  error: string | null;
  fileCount: number;
  pinnedCount: number;
  rootCid: string | null;
  publication: FolderPublication | null;
}

/** The settings of a watched folder that can change after it was added. */
export type FolderChanges = Partial<Pick<WatchedFolder, 'mode' | 'paused' | 'removeDeleted' | 'publishTo'>>;

/** A batch of uploads ended: what the native notification says. */
export interface BatchEnded {
  label: string;
  done: number;
  failed: number;
}

export interface DesktopBridge {
  appInfo(): Promise<DesktopAppInfo>;
  /** Checks the address (`/healthz`) and saves it in the app's settings; the queue then talks to it. */
  setServerUrl(address: string): Promise<ServerAddressResult>;
  /** Opens an http(s) URL in the system browser. */
  openExternal(url: string): Promise<void>;
  /** Shows the native folder picker; null when cancelled. */
  chooseFolder(): Promise<string | null>;
  /** The file's path on disk, for files dropped on the window (the bytes never pass the renderer). */
  pathForFile(file: File): string;
  transfers: {
    /** The token the queue sends with (null on sign-out); a new sign-in lifts a 401 stop. */
    setSession(token: string | null): Promise<void>;
    view(): Promise<TransfersView>;
    addPaths(paths: string[], folderMode: FolderMode): Promise<void>;
    pause(id: string): Promise<void>;
    resume(id: string): Promise<void>;
    retry(id: string): Promise<void>;
    cancel(id: string): Promise<void>;
    pauseAll(): Promise<void>;
    resumeAll(): Promise<void>;
    retryAll(): Promise<void>;
    cancelAll(): Promise<void>;
    clearFinished(): Promise<void>;
  };
  watchedFolders: {
    list(): Promise<WatchedFolder[]>;
    add(folder: string, mode: WatchMode, removeDeleted: boolean): Promise<WatchedFolder[]>;
    remove(folder: string): Promise<WatchedFolder[]>;
    update(folder: string, changes: FolderChanges): Promise<WatchedFolder[]>;
  };
  /** Subscriptions return their unsubscribe function. */
  onTransfersChanged(listener: (view: TransfersView) => void): () => void;
  onWatchedFoldersChanged(listener: (folders: WatchedFolder[]) => void): () => void;
  onBatchEnded(listener: (batch: BatchEnded) => void): () => void;
}

declare global {
  interface Window {
    cairnDesktop?: DesktopBridge;
  }
}
