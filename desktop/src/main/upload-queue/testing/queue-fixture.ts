import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { UploadQueue } from '../upload-queue';

/**
 * Queues and folders a test file makes, closed and removed after each test (queues first: a
 * pending journal save must not write into a folder already removed).
 */
export function queueFixtures(prefix: string) {
  const dirs: string[] = [];
  const queues: UploadQueue[] = [];
  afterEach(() => {
    for (const queue of queues.splice(0)) queue.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    open(options: ConstructorParameters<typeof UploadQueue>[0]): UploadQueue {
      const queue = new UploadQueue(options);
      queues.push(queue);
      return queue;
    },
    /** A folder `inbox` holding what `write` puts there, and a journal path beside it. */
    folder(write: (inbox: string) => void) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      const folder = path.join(dir, 'inbox');
      fs.mkdirSync(folder, { recursive: true });
      write(folder);
      return { folder, journalFile: path.join(dir, 'data', 'uploads.json') };
    },
  };
}
