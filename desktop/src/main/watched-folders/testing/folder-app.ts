import path from 'node:path';
import type { BackoffPolicy } from '../../upload-queue/backoff';
import { HttpUploader } from '../../upload-queue/http-uploader';
import { Journal } from '../../upload-queue/journal';
import { UploadQueue } from '../../upload-queue/upload-queue';
import { FolderStore } from '../folder-store';
import { httpNamePublisher } from '../name-publisher';
import { httpRecordsApi } from '../records-api';
import { WatchedFolders, type FolderQueue } from '../watched-folders';

export interface FolderAppOptions {
  serverUrl: string;
  /** The app's data folder: its journal, folder settings and manifests. */
  appData: string;
  token: string;
  /** Where names are published (a proxy in front of the server); the server by default. */
  publishUrl?: string;
  publishBackoff?: BackoffPolicy;
}

/** A signed-in desktop app's upload queue and watched folders, as the app wires them (tests only). */
export async function startFolderApp(options: FolderAppOptions) {
  const { serverUrl, appData, token } = options;
  const uploader = new HttpUploader({ serverUrl, token: () => token, cidVersion: 0 });
  const queue = new UploadQueue({
    journal: new Journal(path.join(appData, 'uploads.json')),
    uploader,
    backoff: { baseMs: 50, maxMs: 500 },
  });
  // Files the folders handed to the queue that are not in it yet: none, and every report is queued.
  let adding = 0;
  const toQueue: FolderQueue = {
    add: (...args) => {
      adding++;
      return queue.add(...args).finally(() => adding--);
    },
    on: (event, listener) => queue.on(event, listener),
  };
  const folders = new WatchedFolders({
    store: new FolderStore(appData),
    queue: toQueue,
    records: httpRecordsApi(serverUrl, () => token),
    publish: httpNamePublisher(options.publishUrl ?? serverUrl, () => token),
    publishBackoff: options.publishBackoff ?? { baseMs: 50, maxMs: 500 },
  });
  queue.start();
  await folders.start();
  return {
    queue,
    folders,
    async stop(): Promise<void> {
      await folders.stop();
      queue.close();
      uploader.close();
    },
    /** Nothing is on its way into the queue, and every item in it is done. */
    quiet: () => adding === 0 && queue.items().every((item) => item.status === 'done'),
    /** The queue and the folders in one line, for a failed wait to show. */
    describe: () => JSON.stringify({ items: queue.items().map((item) => [item.name, item.status, item.error]), folders: folders.list() }),
  };
}

export type FolderApp = Awaited<ReturnType<typeof startFolderApp>>;
