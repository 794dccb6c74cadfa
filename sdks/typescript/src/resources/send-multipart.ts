import type { HttpClient } from '../http';
import { makeBoundary, multipartBlob, multipartStream } from '../multipart';
import type { UploadPart } from '../sources';
import type { UploadOptions } from './uploads';

/** Node streams a body; browsers need a Blob (they refuse streamed bodies over HTTP/1.1). */
const canStreamBodies = typeof process !== 'undefined' && Boolean(process.versions?.node);

/** POSTs the parts as `multipart/form-data`, streamed (Node) or as a Blob (browsers). Never retried. */
export function sendMultipart<T>(
  http: HttpClient,
  path: string,
  parts: UploadPart[],
  total: number | undefined,
  query: Record<string, string | number | undefined>,
  options: UploadOptions,
): Promise<T> {
  const boundary = makeBoundary();
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const useBlob = !canStreamBodies && parts.every((p) => p.blob);
  return http
    .request<T>({
      method: 'POST',
      path,
      query,
      idempotent: false,
      signal: options.signal,
      // A large upload takes as long as it takes: no timeout unless the caller sets one.
      timeoutMs: options.timeoutMs ?? 0,
      body: () =>
        useBlob
          ? (options.onProgress?.({ loaded: 0, total }), { body: multipartBlob(parts, boundary), contentType, stream: false })
          : { body: multipartStream(parts, boundary, total, options.onProgress), contentType, stream: true },
    })
    .then((result) => {
      if (useBlob && total !== undefined) options.onProgress?.({ loaded: total, total });
      return result;
    });
}
