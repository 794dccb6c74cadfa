import type { StateCreator } from 'zustand';
import type { DesktopBridge } from '../../../shared/desktop-bridge';
import type { AppState } from './app-store';

/**
 * Everything that differs between the website and the desktop app. Components call these actions
 * and never look at `window.cairnDesktop` themselves.
 */
export interface DesktopSlice {
  isDesktop: boolean;
  /** The server's public origin, for links that leave the app (API explorer, raw spec). */
  serverOrigin: string;
  watchedFolders: string[];
  initDesktop(): Promise<void>;
  openExternal(url: string): void;
  chooseFolder(): Promise<string | null>;
  addWatchedFolder(folder: string): Promise<void>;
  removeWatchedFolder(folder: string): Promise<void>;
}

const bridge = (): DesktopBridge | undefined => (typeof window === 'undefined' ? undefined : window.cairnDesktop);

export const createDesktopSlice: StateCreator<AppState, [], [], DesktopSlice> = (set) => ({
  isDesktop: bridge() !== undefined,
  serverOrigin: typeof window === 'undefined' ? '' : window.location.origin,
  watchedFolders: [],
  async initDesktop() {
    const desktop = bridge();
    if (!desktop) return;
    const [info, folders] = await Promise.all([desktop.appInfo(), desktop.watchedFolders.list()]);
    set({ serverOrigin: info.serverUrl, watchedFolders: folders });
  },
  openExternal(url) {
    const desktop = bridge();
    if (desktop) void desktop.openExternal(url);
    else window.open(url, '_blank', 'noopener,noreferrer');
  },
  async chooseFolder() {
    return (await bridge()?.chooseFolder()) ?? null;
  },
  async addWatchedFolder(folder) {
    const desktop = bridge();
    if (desktop) set({ watchedFolders: await desktop.watchedFolders.add(folder) });
  },
  async removeWatchedFolder(folder) {
    const desktop = bridge();
    if (desktop) set({ watchedFolders: await desktop.watchedFolders.remove(folder) });
  },
});
