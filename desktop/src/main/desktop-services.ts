import path from 'node:path';
import type { BatchEnded, TransfersView } from '../shared/desktop-bridge';
import { IPC, type IpcChannel, type TransferAction } from '../shared/ipc-channels';
import { SpeedMeter } from './transfers/speed-meter';
import { buildTransfersView } from './transfers/transfers-view';
import { HttpUploader } from './upload-queue/http-uploader';
import { Journal } from './upload-queue/journal';
import { UploadQueue } from './upload-queue/upload-queue';
import { FolderStore } from './watched-folders/folder-store';
import { httpNamePublisher } from './watched-folders/name-publisher';
import { httpRecordsApi } from './watched-folders/records-api';
import { WatchedFolders } from './watched-folders/watched-folders';

export interface DesktopServicesOptions {
  dataDir: string;
  serverUrl: string;
  /** Pushes to the window (when there is one). */
  send(channel: IpcChannel, payload: unknown): void;
  /** How often the Transfers screen is refreshed at most. */
  pushIntervalMs?: number;
}

export type DesktopServices = ReturnType<typeof createDesktopServices>;

/**
 * Everything the main process runs besides the window, built once: the upload queue with its
 * journal, watched folders, and the throttled pushes to the renderer. Electron-free.
 */
export function createDesktopServices(options: DesktopServicesOptions) {
  let token: string | null = null;
  const uploader = new HttpUploader({ serverUrl: options.serverUrl, token: () => token });
  const queue = new UploadQueue({ journal: new Journal(path.join(options.dataDir, 'uploads.json')), uploader });
  const folders = new WatchedFolders({
    store: new FolderStore(options.dataDir),
    queue,
    records: httpRecordsApi(options.serverUrl, () => token),
    publish: httpNamePublisher(options.serverUrl, () => token),
  });
  const meter = new SpeedMeter();
  const transfersView = (): TransfersView => buildTransfersView(queue.items(), queue.blocked(), meter, Date.now());

  // Progress fires per chunk; the screen gets at most one view per interval.
  let pushTimer: NodeJS.Timeout | null = null;
  queue.on('change', () => {
    pushTimer ??= setTimeout(() => {
      pushTimer = null;
      options.send(IPC.transfersChanged, transfersView());
    }, options.pushIntervalMs ?? 250);
  });
  queue.on('batch-finished', (summary) =>
    options.send(IPC.batchEnded, { label: summary.label, done: summary.done, failed: summary.failed } satisfies BatchEnded),
  );
  folders.on('change', () => options.send(IPC.watchedFoldersChanged, folders.list()));

  return {
    queue,
    folders,
    transfersView,
    /** Starts sending only once signed in: before that every request would be a 401. */
    async start(): Promise<void> {
      await folders.start();
    },
    setSession(next: string | null): void {
      const first = token === null && next !== null;
      token = next;
      if (next === null) return;
      if (first) queue.start();
      queue.unblock();
    },
    act(action: TransferAction, id?: string): void {
      if (action === 'pause' || action === 'resume' || action === 'retry' || action === 'cancel') {
        if (id) queue[action](id);
        return;
      }
      queue[action]();
    },
    async stop(): Promise<void> {
      if (pushTimer) clearTimeout(pushTimer);
      await folders.stop();
      queue.close();
      uploader.close();
    },
  };
}
