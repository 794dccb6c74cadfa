import type { DagUploadResult, FilesUploadResult, UploadResult } from '@cairn/shared/api-types';
import { AbortedError, CairnError, type UploadProgress } from '@cairn/sdk';
import { sdk } from '../../api/sdk';
import { ApiError, endsSession, sessionEndNotice, UNEXPECTED_SERVER_ERROR } from '../../lib/api-client';
import { useAppStore } from '../../store/app-store';
import { RESUMABLE_THRESHOLD, resumableUpload } from './resumable-request';
import type { PickedFile, UploadMode } from './selection';

export type UploadOutcome =
  | { mode: 'file'; result: UploadResult }
  | { mode: 'car'; result: UploadResult }
  | { mode: 'dag'; result: DagUploadResult }
  | { mode: 'files'; result: FilesUploadResult };

export interface UploadRequest {
  mode: UploadMode;
  files: readonly PickedFile[];
  cidVersion: 0 | 1;
  /** Bytes of the files sent so far, and their size. */
  onProgress(loaded: number, total: number): void;
  /** Every byte is sent; the server is still storing and answering. */
  onSent(): void;
}

export interface RunningUpload {
  done: Promise<UploadOutcome>;
  cancel(): void;
}

/** Thrown when the user cancels: the screen goes back to the selection, no error shown. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/** The SDK's error as the UI's: the server's status and code, or a network error; a session the server ended ends here too. */
function failure(error: unknown, token: string | null): unknown {
  if (error instanceof AbortedError) return new UploadCancelled();
  if (!(error instanceof CairnError)) return error;
  const known = error.status !== 0 && !error.code.startsWith('http_');
  const apiError =
    error.status === 0
      ? new ApiError(0, 'network_error', 'Network error')
      : new ApiError(error.status, known ? error.code : 'unexpected_error', known ? error.message : UNEXPECTED_SERVER_ERROR);
  if (token && endsSession(apiError)) useAppStore.getState().endSession(sessionEndNotice(apiError));
  return apiError;
}

async function send(request: UploadRequest, signal: AbortSignal): Promise<UploadOutcome> {
  const { mode, files, cidVersion } = request;
  const [first] = files;
  let sent = false;
  const onProgress = ({ loaded, total = loaded }: UploadProgress) => {
    request.onProgress(loaded, total);
    if (loaded < total || sent) return;
    sent = true;
    request.onSent();
  };
  const uploads = sdk().uploads;
  if (mode === 'file' && first!.file.size > RESUMABLE_THRESHOLD)
    return { mode, result: await resumableUpload(first!.file, cidVersion, signal, onProgress) };
  if (mode === 'file')
    return { mode, result: await uploads.file(first!.file, { filename: first!.file.name, cidVersion, signal, onProgress }) };
  // A CAR's CIDs are its own: there is no version to choose. Its file's name names the record.
  if (mode === 'car') return { mode, result: await uploads.car(first!.file, { filename: first!.file.name, signal, onProgress }) };
  const entries = files.map((item) => ({ path: item.path, content: item.file }));
  if (mode === 'files') return { mode, result: await uploads.directory(entries, { mode, cidVersion, signal, onProgress }) };
  return { mode, result: await uploads.directory(entries, { mode, cidVersion, signal, onProgress }) };
}

/**
 * Sends the files through the SDK, which reports their progress: one file, a CAR, or a folder as
 * repeated parts whose filename is the relative path. A single file over 64 MiB goes over tus
 * instead, so that a dropped connection resumes.
 */
export function startUpload(request: UploadRequest): RunningUpload {
  const controller = new AbortController();
  const token = useAppStore.getState().token;
  const done = send(request, controller.signal).catch((error: unknown) => {
    throw failure(error, token);
  });
  return { done, cancel: () => controller.abort() };
}
