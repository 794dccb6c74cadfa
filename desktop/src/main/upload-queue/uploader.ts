import type { QueueItem } from './queue-types';

export interface UploadResult {
  cid: string;
  /** The server's record of it (the existing one for a duplicate). */
  uploadId: string;
  /** The account already held this content; the server kept its existing record. */
  duplicate: boolean;
}

/**
 * Sends one queue item. The queue only knows this interface: today's implementation restarts an
 * interrupted item from its first byte; a resumable (tus) uploader can take its place once the
 * server offers resumable uploads, without the queue changing.
 *
 * Throws an `UploadFailure` (or any error, read as a network failure) and must stop promptly,
 * rejecting, when `signal` aborts.
 */
export interface Uploader {
  upload(
    item: Pick<QueueItem, 'kind' | 'path' | 'name'>,
    onProgress: (sentBytes: number) => void,
    signal: AbortSignal,
  ): Promise<UploadResult>;
}
