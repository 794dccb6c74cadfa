import type { UploadResult } from '@cairn/shared/api-types';
import type { ProgressCallback, ResumableUrlStore } from '@cairn/sdk';
import { sdk } from '../../api/sdk';

/** Files over this size go over tus, so that a dropped connection resumes instead of starting over. */
export const RESUMABLE_THRESHOLD = 64 * 1024 * 1024;

/** Each PATCH carries at most this much, so a dropped connection costs at most one chunk. */
const CHUNK_BYTES = 16 * 1024 * 1024;

/** Attempts in a row after a dropped connection (the SDK waits longer before each); the upload resumes at the server's offset. */
const RETRIES = 8;

const KEY_PREFIX = 'cairn:resumable:';

/** Upload URLs in the page's storage, by file, so that a page reloaded during an upload picks it up again. */
function pageStore(): ResumableUrlStore & { last?: string } {
  const store: ResumableUrlStore & { last?: string } = {
    get: (fingerprint) => localStorage.getItem(KEY_PREFIX + fingerprint) ?? undefined,
    set(fingerprint, url) {
      store.last = fingerprint;
      localStorage.setItem(KEY_PREFIX + fingerprint, url);
    },
    remove: (fingerprint) => localStorage.removeItem(KEY_PREFIX + fingerprint),
  };
  return store;
}

/**
 * Sends one file over the tus protocol (`/api/v2/uploads/resumable`): a dropped connection is
 * retried from the offset the server holds, and a page reloaded during an upload of the same file
 * picks it up again. Cancelling drops the partial upload on the server.
 */
export async function resumableUpload(
  file: File,
  cidVersion: 0 | 1,
  signal: AbortSignal,
  onProgress: ProgressCallback,
): Promise<UploadResult> {
  const store = pageStore();
  let uploadUrl: string | undefined;
  try {
    return await sdk().uploads.resumable(file, {
      filename: file.name,
      cidVersion,
      chunkSize: CHUNK_BYTES,
      retries: RETRIES,
      store,
      signal,
      onProgress,
      onUploadUrl: (url) => (uploadUrl = url),
    });
  } catch (error) {
    if (signal.aborted && uploadUrl) {
      // Cancelled by the user: nothing is left to resume, and the server gives the quota back.
      if (store.last) store.remove(store.last);
      void sdk()
        .uploads.discardResumable(uploadUrl)
        .catch(() => undefined);
    }
    throw error;
  }
}
