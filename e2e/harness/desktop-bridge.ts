import type { Page } from 'playwright-core';
import type { TransfersView, WatchedFolder } from '../../desktop/src/shared/desktop-bridge';

/** What the stand-in desktop bridge holds at the start: a queue in every state, and two watched folders. */
export const TRANSFERS: TransfersView = {
  items: [
    {
      id: 'run',
      name: 'holiday/video.mov',
      kind: 'file',
      size: 80_000_000,
      sentBytes: 32_000_000,
      status: 'running',
      cid: null,
      duplicate: false,
      error: null,
    },
    {
      id: 'fail',
      name: 'holiday/raw.cr2',
      kind: 'file',
      size: 25_000_000,
      sentBytes: 0,
      status: 'failed',
      cid: null,
      duplicate: false,
      error: { code: 'file_missing', message: 'ENOENT: no such file or directory' },
    },
    {
      id: 'wait',
      name: 'holiday/notes.txt',
      kind: 'file',
      size: 2048,
      sentBytes: 0,
      status: 'paused',
      cid: null,
      duplicate: false,
      error: null,
    },
    {
      id: 'site',
      name: 'website',
      kind: 'folder',
      size: 120_000,
      sentBytes: 0,
      status: 'queued',
      cid: null,
      duplicate: false,
      error: null,
    },
    {
      id: 'done',
      name: 'holiday/photo.jpg',
      kind: 'file',
      size: 3_000_000,
      sentBytes: 3_000_000,
      status: 'done',
      cid: 'QmZLRFWaz9Kypt2ACNMDzA5uzACDRiCqwdkNSP1UZsu56D',
      duplicate: true,
      error: null,
    },
  ],
  totals: { items: 5, done: 1, failed: 1, bytes: 108_122_048, sentBytes: 35_000_000 },
  bytesPerSecond: 2_500_000,
  etaSeconds: 40,
  blocked: 'quota_exceeded',
};

export const FOLDERS: WatchedFolder[] = [
  {
    path: '/home/ada/Photos',
    mode: 'files',
    paused: false,
    removeDeleted: false,
    state: 'watching',
    error: null,
    fileCount: 12,
    pinnedCount: 11,
    rootCid: null,
    publication: null,
  },
  {
    path: '/home/ada/Site',
    mode: 'dag',
    paused: false,
    removeDeleted: true,
    state: 'error',
    error: 'The folder /home/ada/Site no longer exists',
    fileCount: 0,
    pinnedCount: 0,
    rootCid: null,
    publication: null,
  },
];

/** What the page recorded: every bridge call, and every native notification shown. */
export interface BridgeRecord {
  calls: unknown[][];
  notifications: Array<{ title: string; body: string }>;
}

/** The server address the stand-in main process starts with, and which addresses answer its check. */
export interface BridgeServer {
  /** Null: a first run, no address yet. Default: the page's own origin, from CAIRN_SERVER_URL. */
  serverUrl?: string | null;
  source?: 'env' | 'setting' | 'none';
  /** Origins whose `/healthz` "answers" as Cairn; any other address is unreachable. */
  reachable?: string[];
}

/** Where the stand-in keeps a saved address across reloads, as the main process keeps settings.json. */
const SAVED_SERVER_KEY = '__cairn_saved_server';

/**
 * Gives the page the `window.cairnDesktop` the Electron preload gives it, backed by plain state
 * in the page: the renderer cannot tell the difference, and the test reads what it asked for.
 * Also records native notifications instead of showing them.
 */
export async function provideDesktopBridge(page: Page, server: BridgeServer = {}): Promise<void> {
  await page.addInitScript(
    ({ transfers, folders, server, savedKey }) => {
      const record = { calls: [] as unknown[][], notifications: [] as Array<{ title: string; body: string }> };
      const listeners: Record<string, Array<(payload: unknown) => void>> = { transfers: [], folders: [], batch: [] };
      let view = transfers;
      let watched = folders;
      const call = (...args: unknown[]) => {
        record.calls.push(args);
        return Promise.resolve();
      };
      const on = (name: string) => (listener: (payload: unknown) => void) => {
        listeners[name]!.push(listener);
        return () => undefined;
      };
      Object.assign(window, {
        __desktop: {
          record,
          emit(name: string, payload: unknown) {
            if (name === 'transfers') view = payload as typeof view;
            if (name === 'folders') watched = payload as typeof watched;
            for (const listener of listeners[name]!) listener(payload);
          },
        },
        Notification: class {
          static permission = 'granted';
          constructor(title: string, options: { body: string }) {
            record.notifications.push({ title, body: options.body });
          }
        },
        cairnDesktop: {
          appInfo: () => {
            const saved = window.sessionStorage.getItem(savedKey);
            const serverUrl = saved ?? (server.serverUrl === undefined ? window.location.origin : server.serverUrl);
            const serverUrlSource = saved ? 'setting' : (server.source ?? (serverUrl ? 'env' : 'none'));
            return Promise.resolve({ version: '0.1.0', platform: 'linux', serverUrl, serverUrlSource });
          },
          setServerUrl: (address: string) => {
            record.calls.push(['setServerUrl', address]);
            const origin = (() => {
              try {
                return new URL(address).origin;
              } catch {
                return null;
              }
            })();
            if (!origin || !(server.reachable ?? []).includes(origin)) return Promise.resolve({ ok: false, problem: 'unreachable' });
            window.sessionStorage.setItem(savedKey, origin);
            return Promise.resolve({ ok: true, serverUrl: origin });
          },
          openExternal: (url: string) => call('openExternal', url),
          chooseFolder: () => (record.calls.push(['chooseFolder']), Promise.resolve('/home/ada/Documents')),
          pathForFile: (file: File) => `/home/ada/Drop/${file.name}`,
          transfers: {
            setSession: (token: string | null) => call('setSession', token ? 'token' : null),
            view: () => Promise.resolve(view),
            addPaths: (paths: string[], mode: string) => call('addPaths', paths, mode),
            ...Object.fromEntries(
              ['pause', 'resume', 'retry', 'cancel', 'pauseAll', 'resumeAll', 'retryAll', 'cancelAll', 'clearFinished'].map((action) => [
                action,
                (id?: string) => (id === undefined ? call(action) : call(action, id)),
              ]),
            ),
          },
          watchedFolders: {
            list: () => Promise.resolve(watched),
            add: (folder: string, mode: string, removeDeleted: boolean) => (
              record.calls.push(['watch', folder, mode, removeDeleted]),
              Promise.resolve(watched)
            ),
            remove: (folder: string) => (record.calls.push(['unwatch', folder]), Promise.resolve(watched)),
            update: (folder: string, changes: unknown) => (record.calls.push(['update', folder, changes]), Promise.resolve(watched)),
          },
          onTransfersChanged: on('transfers'),
          onWatchedFoldersChanged: on('folders'),
          onBatchEnded: on('batch'),
        },
      });
    },
    { transfers: TRANSFERS, folders: FOLDERS, server, savedKey: SAVED_SERVER_KEY },
  );
}

/** The address the stand-in main process saved, if any. */
export function savedServer(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.sessionStorage.getItem(key), SAVED_SERVER_KEY);
}

export function bridgeRecord(page: Page): Promise<BridgeRecord> {
  return page.evaluate(() => (window as unknown as { __desktop: { record: BridgeRecord } }).__desktop.record);
}

export function emitFromMain(page: Page, name: 'transfers' | 'folders' | 'batch', payload: unknown): Promise<void> {
  return page.evaluate(
    ({ name, payload }) => (window as unknown as { __desktop: { emit(n: string, p: unknown): void } }).__desktop.emit(name, payload),
    {
      name,
      payload,
    },
  );
}
