import { Upload, type DetailedError, type HttpResponse } from 'tus-js-client';
import type { UploadResult } from '@cairn/shared/api-types';
import { ApiError, endsSession, INVALID_JSON, sessionEndNotice, UNEXPECTED_SERVER_ERROR } from '../../lib/api-client';
import { useAppStore } from '../../store/app-store';
import { UploadCancelled, type RunningUpload, type UploadRequest } from './upload-request';

/** Files over this size go over tus, so that a dropped connection resumes instead of starting over. */
export const RESUMABLE_THRESHOLD = 64 * 1024 * 1024;

/** Each PATCH carries at most this much, so a dropped connection costs at most one chunk. */
const CHUNK_BYTES = 16 * 1024 * 1024;

/** Waits before each new attempt after a dropped connection; the upload resumes at the server's offset. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

function errorOf(response: HttpResponse | null | undefined): ApiError {
  if (!response) return new ApiError(0, 'network_error', 'Network error');
  try {
    const body = JSON.parse(response.getBody()) as { error?: unknown; code?: unknown };
    if (typeof body.code === 'string') {
      return new ApiError(response.getStatus(), body.code, typeof body.error === 'string' ? body.error : UNEXPECTED_SERVER_ERROR);
    }
  } catch {
    // Not JSON (a tus protocol answer): the generic error below.
  }
  return new ApiError(response.getStatus(), 'unexpected_error', UNEXPECTED_SERVER_ERROR);
}

/** The record, from the last PATCH's answer, or from the upload's URL when the server had it already. */
async function recordOf(lastResponse: HttpResponse, uploadUrl: string, headers: Record<string, string>): Promise<UploadResult> {
  if (lastResponse.getStatus() === 200 && lastResponse.getBody()) return JSON.parse(lastResponse.getBody()) as UploadResult;
  const res = await fetch(uploadUrl, { headers: { ...headers, Accept: 'application/json' } });
  const text = await res.text();
  if (!res.ok)
    throw errorOf({ getStatus: () => res.status, getBody: () => text, getHeader: () => undefined, getUnderlyingObject: () => res });
  try {
    return JSON.parse(text) as UploadResult;
  } catch {
    throw new ApiError(res.status, 'invalid_json', INVALID_JSON);
  }
}

/**
 * Sends one file over the tus protocol (`/api/v2/uploads/resumable`): a dropped connection is
 * retried from the offset the server holds, and a page reloaded during an upload of the same file
 * picks it up again. Progress and cancelling work as for a plain upload; cancelling drops the
 * partial upload on the server.
 */
export function startResumableUpload(request: UploadRequest): RunningUpload {
  const file = request.files[0]!.file;
  const token = useAppStore.getState().token;
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  let upload: Upload | undefined;
  let cancelled = false;
  let rejectCancelled: (() => void) | undefined;
  const done = new Promise<UploadResult>((resolve, reject) => {
    rejectCancelled = () => reject(new UploadCancelled());
    let sent = false;
    upload = new Upload(file, {
      endpoint: `${window.location.origin}/api/v2/uploads/resumable?cidVersion=${request.cidVersion}`,
      headers,
      metadata: { filename: file.name, filetype: file.type },
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      onProgress(loaded, total) {
        request.onProgress(loaded, total);
        if (loaded === total && !sent) {
          sent = true;
          request.onSent();
        }
      },
      onSuccess({ lastResponse }) {
        recordOf(lastResponse, upload!.url!, headers).then(resolve, reject);
      },
      onError(error) {
        if (cancelled) return;
        const failure = errorOf((error as DetailedError).originalResponse);
        if (token && endsSession(failure)) useAppStore.getState().endSession(sessionEndNotice(failure));
        reject(failure);
      },
    });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload!.resumeFromPreviousUpload(previous[0]);
        upload!.start();
      })
      .catch(() => upload!.start());
  });
  return {
    done: done.then((result) => ({ mode: 'file' as const, result })),
    cancel() {
      cancelled = true;
      void upload?.abort(true).catch(() => undefined);
      // The promise is settled here: tus-js-client reports no error for an abort.
      rejectCancelled?.();
    },
  };
}
