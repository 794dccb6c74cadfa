import type { DagUploadResult, FilesUploadResult, UploadResult } from '@cairn/shared/api-types';
import { ApiError, endsSession, INVALID_JSON, sessionEndNotice, UNEXPECTED_SERVER_ERROR } from '../../lib/api-client';
import { useAppStore } from '../../store/app-store';
import { RESUMABLE_THRESHOLD, startResumableUpload } from './resumable-request';
import { singleFileMode, type PickedFile, type UploadMode } from './selection';

export type UploadOutcome =
  | { mode: 'file'; result: UploadResult }
  | { mode: 'car'; result: UploadResult }
  | { mode: 'dag'; result: DagUploadResult }
  | { mode: 'files'; result: FilesUploadResult };

export interface UploadRequest {
  mode: UploadMode;
  files: readonly PickedFile[];
  cidVersion: 0 | 1;
  /** Bytes of the request body sent so far, and its size. */
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

function endpoint({ mode, cidVersion }: Pick<UploadRequest, 'mode' | 'cidVersion'>): string {
  // A CAR's CIDs are its own: there is no version to choose.
  if (mode === 'car') return '/api/v2/upload/car';
  const query = new URLSearchParams({ cidVersion: String(cidVersion) });
  if (mode !== 'file') query.set('mode', mode);
  return `/api/v2/${mode === 'file' ? 'upload' : 'upload/directory'}?${query}`;
}

function failure(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown; code?: unknown };
    if (typeof body.code === 'string') {
      return new ApiError(xhr.status, body.code, typeof body.error === 'string' ? body.error : UNEXPECTED_SERVER_ERROR);
    }
  } catch {
    // Not JSON: fall through to the generic error.
  }
  return new ApiError(xhr.status, 'unexpected_error', UNEXPECTED_SERVER_ERROR);
}

/**
 * Sends the files as multipart/form-data with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. A folder goes as repeated `file` parts whose filename is the relative path. A single
 * file over 64 MB goes over tus instead, so that a dropped connection resumes.
 */
export function startUpload(request: UploadRequest): RunningUpload {
  if (request.mode === 'file' && request.files.length === 1 && request.files[0]!.file.size > RESUMABLE_THRESHOLD) {
    return startResumableUpload(request);
  }
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  for (const item of request.files) form.append('file', item.file, singleFileMode(request.mode) ? item.file.name : item.path);

  const done = new Promise<UploadOutcome>((resolve, reject) => {
    const token = useAppStore.getState().token;
    xhr.open('POST', endpoint(request));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => request.onProgress(event.loaded, event.lengthComputable ? event.total : event.loaded);
    xhr.upload.onload = () => request.onSent();
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error'));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = failure(xhr);
        if (token && endsSession(error)) useAppStore.getState().endSession(sessionEndNotice(error));
        reject(error);
        return;
      }
      try {
        resolve({ mode: request.mode, result: JSON.parse(xhr.responseText) } as UploadOutcome);
      } catch {
        reject(new ApiError(xhr.status, 'invalid_json', INVALID_JSON));
      }
    };
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}
