import type { HttpClient } from '../http';
import { makeBoundary, multipartBlob, multipartBody } from '../multipart';
import { runsInNode } from '../node-transport';
import type { UploadPart } from '../sources';
import { canReadAgain } from './send-body';
import type { UploadOptions } from './uploads';

/**
 * POSTs the parts as `multipart/form-data`: streamed in Node; as a Blob in browsers, which refuse
 * streamed bodies over HTTP/1.1 (a Blob of Files is still read from disk as it is sent, and its
 * progress comes from the transport). Sent again only after an answer saying nothing was done, and only
 * when every part can be read again.
 */
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
  const useBlob = !runsInNode && parts.every((p) => p.blob);
  const body = useBlob ? multipartBlob(parts, boundary, total, options.onProgress) : undefined;
  return http
    .request<T>({
      method: 'POST',
      path,
      query,
      idempotent: false,
      replayable: parts.every(canReadAgain),
      signal: options.signal,
      // A large upload takes as long as it takes: no timeout unless the caller sets one.
      timeoutMs: options.timeoutMs ?? 0,
      onUploadProgress: options.onProgress && body?.sent,
      body: () =>
        body
          ? (body.sent(0), { body: body.blob, contentType })
          : { streamed: multipartBody(parts, boundary, total, options.onProgress), contentType },
    })
    .then((result) => {
      // Whatever the transport reported, the whole body was sent.
      body?.sent(Number.MAX_SAFE_INTEGER);
      return result;
    });
}
