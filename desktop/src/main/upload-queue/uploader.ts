import type { QueueItem } from './queue-types';

export interface UploadResult {
  cid: string;
  /** The server's record of it (the existing one for a duplicate). */
  uploadId: string;
  /** The account already held this content; the server kept its existing record. */
  duplicate: boolean;
}

/** What an uploader reads of a queue item. */
export type UploadItem = Pick<QueueItem, 'kind' | 'path' | 'name'> & Partial<Pick<QueueItem, 'size' | 'resumeUrl'>>;

/**
 * Sends one queue item. The queue only knows this interface.
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
  /** Drops what the server keeps of a cancelled item's partial upload. */
  discard?(item: UploadItem): Promise<void>;
}
