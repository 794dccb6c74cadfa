import type { QueueItem } from './queue-types';
import { sentName } from './uploader';

/** Which small files the queue sends together, several to a request. */
export interface BatchLimits {
  /** Files up to this size may share a request. */
  fileBytes: number;
  /** Files in one request at most. */
  files: number;
  /** Bytes of files in one request at most. */
  bytes: number;
}

/**
 * Measured on 10,000 files of 1–4 KB: per-request work is then a small part of the server's, and
 * a request cut short (a crash, a lost connection) costs the sending of a few hundred KB again.
 */
export const DEFAULT_BATCH_LIMITS: BatchLimits = { fileBytes: 256 * 1024, files: 100, bytes: 4 * 1024 * 1024 };

/** How many ready items past the first a batch looks at: the rest of a long queue waits its turn. */
const LOOK_AHEAD = 4;

/** A file that may share a request: small, and with no partial resumable upload to continue. */
export function canShare(item: QueueItem, limits: BatchLimits): boolean {
  return item.kind === 'file' && item.resumeUrl === undefined && item.size <= limits.fileBytes;
}

/**
 * The items of the next request, `first` and then ready files that may join it in queue order:
 * within the limits, and each under its own name (the server refuses a request naming two files
 * alike). `first` alone when nothing may join it.
 */
export function gatherBatch(first: QueueItem, ready: Iterable<QueueItem>, limits: BatchLimits): QueueItem[] {
  if (!canShare(first, limits)) return [first];
  const batch = [first];
  const names = new Set([sentName(first)]);
  let bytes = first.size;
  let looked = 0;
  for (const item of ready) {
    if (batch.length >= limits.files || looked++ >= limits.files * LOOK_AHEAD) break;
    if (item === first || !canShare(item, limits) || names.has(sentName(item)) || bytes + item.size > limits.bytes) continue;
    batch.push(item);
    names.add(sentName(item));
    bytes += item.size;
  }
  return batch;
}
