/**
 * The one object the preload exposes as `window.cairnDesktop`. The web build leaves it undefined;
 * the renderer reaches it only through the zustand desktop slice, so components never branch on
 * the platform.
 */
export interface DesktopAppInfo {
  version: string;
  platform: string;
  /** The Cairn server this desktop app talks to (its API is proxied under the app's own origin). */
  serverUrl: string;
}

export interface WatchedFileEvent {
  folder: string;
  path: string;
  size: number;
}

export interface DesktopBridge {
  appInfo(): Promise<DesktopAppInfo>;
  /** Opens an http(s) URL in the system browser. */
  openExternal(url: string): Promise<void>;
  /** Shows the native folder picker; null when cancelled. */
  chooseFolder(): Promise<string | null>;
  watchedFolders: {
    list(): Promise<string[]>;
    add(folder: string): Promise<string[]>;
    remove(folder: string): Promise<string[]>;
  };
  /** Subscribes to files appearing in watched folders; returns the unsubscribe function. */
  onWatchedFileAdded(listener: (event: WatchedFileEvent) => void): () => void;
}

declare global {
  interface Window {
    cairnDesktop?: DesktopBridge;
  }
}
