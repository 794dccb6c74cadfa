/** The tus 1.0 requests of a resumable upload: creation, offset (HEAD), append (PATCH), result. */
import { counted } from '../body';
import { CairnError } from '../errors';
import type { HttpClient } from '../http';
import { tusMetadata } from '../names';
import { runsInNode } from '../node-transport';
import type { RangeSource } from '../resumable-source';
import type { UploadResult } from '../types';

const TUS = { 'tus-resumable': '1.0.0' };

/** Creates the upload and answers its absolute URL. Not retried: a second creation would reserve the quota twice. */
export async function createUpload(
  http: HttpClient,
  source: RangeSource,
  query: { cidVersion?: number; name?: string },
  signal?: AbortSignal,
): Promise<string> {
  const response = await http.request<Response>({
    method: 'POST',
    // Absolute, since `raw` paths start at the server's root.
    path: http.url('/uploads/resumable'),
    query,
    headers: { ...TUS, 'upload-length': String(source.size), 'upload-metadata': tusMetadata({ filename: source.filename }) },
    idempotent: false,
    raw: true,
    signal,
  });
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (!location) throw new TypeError('The server created the upload without a Location');
  return new URL(location, http.url('/')).toString();
}

/** How many bytes the server holds, and the upload's length. */
export async function uploadOffset(http: HttpClient, url: string, signal?: AbortSignal): Promise<{ offset: number; length: number }> {
  const response = await http.request<Response>({ method: 'HEAD', path: url, headers: TUS, idempotent: true, raw: true, signal });
  return { offset: Number(response.headers.get('upload-offset')), length: Number(response.headers.get('upload-length')) };
}

export function uploadRecord(http: HttpClient, url: string, signal?: AbortSignal): Promise<UploadResult> {
  return http.request({ method: 'GET', path: url, idempotent: true, signal });
}

/**
 * Sends bytes `offset` to `end`: streamed in Node (progress as the socket drains), as a Blob slice
 * in browsers (progress as the transport reports it, if it can; else once sent). `onSent` gets
 * each count of bytes newly sent. Answers the new offset, or the record once complete.
 */
export async function appendChunk(
  http: HttpClient,
  url: string,
  source: RangeSource,
  offset: number,
  end: number,
  onSent: (bytes: number) => void,
  signal?: AbortSignal,
  followed = true,
): Promise<{ offset: number; record?: UploadResult }> {
  const range = source.range(offset, end);
  const useBlob = !runsInNode && range.blob !== undefined;
  // The transport reports what is sent in all; `onSent` takes what is new.
  let reported = 0;
  const sentSoFar = (bytes: number) => {
    const now = Math.min(bytes, end - offset);
    if (now > reported) onSent(now - reported);
    reported = Math.max(reported, now);
  };
  const response = await http.request<Response>({
    method: 'PATCH',
    path: url,
    headers: { ...TUS, 'upload-offset': String(offset) },
    idempotent: false,
    // A failed chunk is resumed from the offset the server reports, not sent again here.
    replayable: false,
    raw: true,
    signal,
    timeoutMs: 0,
    onUploadProgress: useBlob && followed ? sentSoFar : undefined,
    body: () => {
      const contentType = 'application/offset+octet-stream';
      if (useBlob) return { body: range.blob!, contentType };
      const pieces =
        range.path === undefined
          ? counted(range.chunks(), onSent)
          : [{ path: range.path, start: offset, end, fileSize: source.size, onBytes: onSent }];
      return { streamed: { pieces, length: end - offset }, contentType };
    },
  });
  if (useBlob) sentSoFar(end - offset);
  if (response.status === 200) return { offset: end, record: (await response.json()) as UploadResult };
  await response.body?.cancel();
  return { offset: Number(response.headers.get('upload-offset')) };
}

/**
 * Ends an upload the server holds part of (tus termination): what it kept is dropped and its
 * reserved quota comes back. An upload that is already gone (finished, expired) is no error.
 */
export async function terminateUpload(http: HttpClient, url: string, options: { signal?: AbortSignal; timeoutMs?: number }): Promise<void> {
  try {
    const response = await http.request<Response>({ method: 'DELETE', path: url, headers: TUS, idempotent: true, raw: true, ...options });
    await response.body?.cancel();
  } catch (error) {
    if (error instanceof CairnError && (error.status === 404 || error.status === 410)) return;
    throw error;
  }
}
