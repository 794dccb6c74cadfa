import type { UploadResult as RecordResult } from '@cairn/shared/api-types';
import path from 'node:path';
import type { QueueItem } from './queue-types';

/**
 * What the queue keeps of the server's answer: the CID, the server's record of it (`uploadId`, the
 * existing one for a duplicate) and whether the account already held this content (`duplicate`).
 */
export type UploadResult = Pick<RecordResult, 'cid' | 'uploadId' | 'duplicate'>;

/** What an uploader reads of a queue item. */
export type UploadItem = Pick<QueueItem, 'kind' | 'path' | 'name'> & Partial<Pick<QueueItem, 'size' | 'resumeUrl'>>;

/** The name a file is sent under, which names its record: its own name, whatever folder it is in. */
export const sentName = (item: Pick<QueueItem, 'path'>): string => path.basename(item.path);

/**
 * Sends queue items. The queue only knows this interface.
 *
 * Throws an `UploadFailure` (or any error, read as a network failure) and must stop promptly,
 * rejecting, when `signal` aborts. An uploader that can continue an interrupted item reports where
 * (`onResumeUrl`, written to the journal at once) and finds it in `item.resumeUrl` next time;
 * `undefined` forgets it.
 */
export interface Uploader {
  upload(
    item: UploadItem,
    onProgress: (sentBytes: number) => void,
    signal: AbortSignal,
    onResumeUrl?: (url: string | undefined) => void,
  ): Promise<UploadResult>;
  /**
   * Sends several files (never a folder, never one with a `resumeUrl`, each under a different
   * `sentName`) in one request, each recorded on its own; answers in their order. All or nothing:
   * a failure stands for every one of them, and the server keeps none.
   */
  uploadFiles?(
    items: readonly UploadItem[],
    onProgress: (index: number, sentBytes: number) => void,
    signal: AbortSignal,
  ): Promise<UploadResult[]>;
  /** Drops what the server keeps of a cancelled item's partial upload. */
  discard?(item: UploadItem): Promise<void>;
}
