import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { walkFolder } from './folder-walk';
import type { FolderMode, QueueItem } from './queue-types';

/**
 * Turns dropped or picked paths into queue items: a file is one item; a folder is one item sent
 * as a DAG, or one item per file inside it (named `<folder>/<relative path>`).
 */
export async function itemsForPaths(paths: readonly string[], folderMode: FolderMode, batchId: string, now: number): Promise<QueueItem[]> {
  const items: QueueItem[] = [];
  const item = (kind: QueueItem['kind'], at: string, name: string, size: number) => newItem(batchId, kind, at, name, size, now);
  for (const raw of paths) {
    const absolute = path.resolve(raw);
    const stat = await fs.stat(absolute);
    if (stat.isFile()) {
      items.push(item('file', absolute, path.basename(absolute), stat.size));
    } else if (stat.isDirectory()) {
      const files = await walkFolder(absolute);
      const folder = path.basename(absolute);
      if (folderMode === 'dag') {
        items.push(
          item(
            'folder',
            absolute,
            folder,
            files.reduce((sum, file) => sum + file.size, 0),
          ),
        );
      } else {
        for (const file of files) items.push(item('file', file.path, `${folder}/${file.relative}`, file.size));
      }
    }
  }
  return items;
}

function newItem(batchId: string, kind: QueueItem['kind'], at: string, name: string, size: number, now: number): QueueItem {
  const id = crypto.randomUUID();
  return shapedItem({ id, batchId, kind, path: at, name, size, status: 'queued', attempts: 0, sentBytes: 0, addedAt: now });
}

/**
 * The item with every field it may ever have, in one order: items of one shape are read fast by
 * the queue and the Transfers screen, which go through all of them again and again (10,000
 * items made by spreading a shared object, or read from JSON, are read forty times slower).
 */
export function shapedItem(item: QueueItem): QueueItem {
  return {
    id: item.id,
    batchId: item.batchId,
    kind: item.kind,
    path: item.path,
    name: item.name,
    size: item.size,
    status: item.status,
    attempts: item.attempts,
    sentBytes: item.sentBytes,
    resumeUrl: item.resumeUrl,
    cid: item.cid,
    uploadId: item.uploadId,
    duplicate: item.duplicate,
    error: item.error,
    addedAt: item.addedAt,
    finishedAt: item.finishedAt,
  };
}

/** Identifies what an item would send, to refuse queueing the same thing twice while it is pending. */
export function itemKey(item: Pick<QueueItem, 'kind' | 'path'>): string {
  return `${item.kind}:${item.path}`;
}
