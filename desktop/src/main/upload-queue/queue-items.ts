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
  const base = { batchId, status: 'queued' as const, attempts: 0, sentBytes: 0, addedAt: now };
  for (const raw of paths) {
    const absolute = path.resolve(raw);
    const stat = await fs.stat(absolute);
    if (stat.isFile()) {
      items.push({ ...base, id: crypto.randomUUID(), kind: 'file', path: absolute, name: path.basename(absolute), size: stat.size });
    } else if (stat.isDirectory()) {
      const files = await walkFolder(absolute);
      const folder = path.basename(absolute);
      if (folderMode === 'dag') {
        const size = files.reduce((sum, file) => sum + file.size, 0);
        items.push({ ...base, id: crypto.randomUUID(), kind: 'folder', path: absolute, name: folder, size });
      } else {
        for (const file of files) {
          items.push({
            ...base,
            id: crypto.randomUUID(),
            kind: 'file',
            path: file.path,
            name: `${folder}/${file.relative}`,
            size: file.size,
          });
        }
      }
    }
  }
  return items;
}

/** Identifies what an item would send, to refuse queueing the same thing twice while it is pending. */
export function itemKey(item: Pick<QueueItem, 'kind' | 'path'>): string {
  return `${item.kind}:${item.path}`;
}
