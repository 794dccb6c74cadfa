/** The tus 1.0 requests of a resumable upload: creation, offset (HEAD), append (PATCH), result. */
import { counted } from '../body';
import type { HttpClient } from '../http';
import { runsInNode } from '../node-transport';
import type { RangeSource } from '../resumable-source';
import type { UploadResult } from '../types';

const TUS = { 'tus-resumable': '1.0.0' };

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

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
    headers: { ...TUS, 'upload-length': String(source.size), 'upload-metadata': `filename ${base64(source.filename)}` },
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
 * in browsers (progress when it is sent). Answers the new offset, or the record once complete.
 */
export async function appendChunk(
  http: HttpClient,
  url: string,
  source: RangeSource,
  offset: number,
  end: number,
  onSent: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<{ offset: number; record?: UploadResult }> {
  const range = source.range(offset, end);
  const useBlob = !runsInNode && range.blob !== undefined;
  const response = await http.request<Response>({
    method: 'PATCH',
    path: url,
    headers: { ...TUS, 'upload-offset': String(offset) },
    idempotent: false,
    raw: true,
    signal,
    timeoutMs: 0,
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
  if (useBlob) onSent(end - offset);
  if (response.status === 200) return { offset: end, record: (await response.json()) as UploadResult };
  await response.body?.cancel();
  return { offset: Number(response.headers.get('upload-offset')) };
}
