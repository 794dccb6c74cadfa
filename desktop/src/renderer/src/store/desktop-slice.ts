import i18next from 'i18next';
import type { StateCreator } from 'zustand';
import type {
  DesktopAppInfo,
  DesktopBridge,
  FolderChanges,
  FolderMode,
  TransfersView,
  WatchedFolder,
  WatchMode,
} from '../../../shared/desktop-bridge';
import type { TransferAction } from '../../../shared/ipc-channels';
import type { ServerAddressResult } from '../../../shared/server-address';
import type { AppState } from './app-store';

/**
 * Everything that differs between the website and the desktop app. Components call these actions
 * and never look at `window.cairnDesktop` themselves.
 */
export interface DesktopSlice {
  isDesktop: boolean;
  /** The server's public origin, for links that leave the app (API explorer, raw spec). */
  serverOrigin: string;
  /** Where the desktop app's server address comes from; null on the website. */
  serverSource: DesktopAppInfo['serverUrlSource'] | null;
  /** A first run of the desktop app: no address yet, the window asks for one before anything else. */
  serverAddressNeeded: boolean;
  watchedFolders: WatchedFolder[];
  transfers: TransfersView | null;
  initDesktop(): Promise<void>;
  /** Checks and saves the desktop app's server address; the window then starts over on that server. */
  saveServerAddress(address: string): Promise<ServerAddressResult>;
  openExternal(url: string): void;
  chooseFolder(): Promise<string | null>;
  /** Hands dropped files and folders to the desktop queue by path; false in the web build. */
  queueDropped(files: readonly File[], mode: FolderMode): Promise<boolean>;
  queuePaths(paths: string[], mode: FolderMode): Promise<void>;
  transferAction(action: TransferAction, id?: string): Promise<void>;
  addWatchedFolder(folder: string, mode: WatchMode, removeDeleted: boolean): Promise<void>;
  removeWatchedFolder(folder: string): Promise<void>;
  updateWatchedFolder(folder: string, changes: FolderChanges): Promise<void>;
}

const bridge = (): DesktopBridge | undefined => (typeof window === 'undefined' ? undefined : window.cairnDesktop);

/** A native notification when a batch ends (the renderer's, so it speaks the user's language). */
function announce(label: string, done: number, failed: number): void {
  if (typeof Notification === 'undefined' || Notification.permission === 'denied') return;
  const title = i18next.t(failed > 0 ? 'desktop:notify.batch_failed_title' : 'desktop:notify.batch_done_title', { label });
  const body = i18next.t('desktop:notify.batch_body', { count: done, failed });
  new Notification(title, { body });
}

export const createDesktopSlice: StateCreator<AppState, [], [], DesktopSlice> = (set, get, store) => ({
  isDesktop: bridge() !== undefined,
  serverOrigin: typeof window === 'undefined' ? '' : window.location.origin,
  serverSource: null,
  serverAddressNeeded: false,
  watchedFolders: [],
  transfers: null,
  async initDesktop() {
    const desktop = bridge();
    if (!desktop) return;
    const info = await desktop.appInfo();
    if (!info.serverUrl) {
      await i18next.loadNamespaces('desktop');
      set({ serverSource: info.serverUrlSource, serverAddressNeeded: true });
      return;
    }
    // The batch notification may come before any desktop screen has loaded its translations.
    void i18next.loadNamespaces('desktop');
    desktop.onTransfersChanged((transfers) => set({ transfers }));
    desktop.onWatchedFoldersChanged((watchedFolders) => set({ watchedFolders }));
    desktop.onBatchEnded(({ label, done, failed }) => announce(label, done, failed));
    // The queue sends with the signed-in user's token, and learns at once of a new sign-in or a sign-out.
    let token = get().token;
    void desktop.transfers.setSession(token);
    store.subscribe((state) => {
      if (state.token === token) return;
      token = state.token;
      void desktop.transfers.setSession(token);
    });
    const [watchedFolders, transfers] = await Promise.all([desktop.watchedFolders.list(), desktop.transfers.view()]);
    set({ serverOrigin: info.serverUrl, serverSource: info.serverUrlSource, watchedFolders, transfers });
  },
  async saveServerAddress(address) {
    const desktop = bridge();
    if (!desktop) return { ok: false, problem: 'invalid_url' };
    const previous = get().serverAddressNeeded ? null : get().serverOrigin;
    const result = await desktop.setServerUrl(address);
    if (!result.ok || result.serverUrl === previous) return result;
    // A session belongs to the server that issued it: another server starts signed out.
    if (previous) get().endSession();
    // Everything the window holds (queue view, folders, pages) starts over against the new server.
    window.location.reload();
    return result;
  },
  openExternal(url) {
    const desktop = bridge();
    if (desktop) void desktop.openExternal(url);
    else window.open(url, '_blank', 'noopener,noreferrer');
  },
  async chooseFolder() {
    return (await bridge()?.chooseFolder()) ?? null;
  },
  async queueDropped(files, mode) {
    const desktop = bridge();
    if (!desktop) return false;
    const paths = files.map((file) => desktop.pathForFile(file)).filter(Boolean);
    if (paths.length === 0) return false;
    await desktop.transfers.addPaths(paths, mode);
    return true;
  },
  async queuePaths(paths, mode) {
    await bridge()?.transfers.addPaths(paths, mode);
  },
  async transferAction(action, id) {
    const transfers = bridge()?.transfers;
    if (!transfers) return;
    if (action === 'pause' || action === 'resume' || action === 'retry' || action === 'cancel') {
      if (id) await transfers[action](id);
    } else await transfers[action]();
    set({ transfers: await transfers.view() });
  },
  async addWatchedFolder(folder, mode, removeDeleted) {
    const desktop = bridge();
    if (desktop) set({ watchedFolders: await desktop.watchedFolders.add(folder, mode, removeDeleted) });
  },
  async removeWatchedFolder(folder) {
    const desktop = bridge();
    if (desktop) set({ watchedFolders: await desktop.watchedFolders.remove(folder) });
  },
  async updateWatchedFolder(folder, changes) {
    const desktop = bridge();
    if (desktop) set({ watchedFolders: await desktop.watchedFolders.update(folder, changes) });
  },
});
