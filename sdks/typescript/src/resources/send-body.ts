import { counted, type StreamedBody } from '../body';
import type { HttpClient } from '../http';
import { runsInNode } from '../node-transport';
import type { UploadPart } from '../sources';
import type { UploadOptions } from './uploads';

/**
 * POSTs one part as the raw request body (a CAR): streamed in Node, as a Blob in browsers when it
 * is one (they refuse streamed bodies over HTTP/1.1; the transport reports its progress). Sent again
 * only after an answer saying nothing was done, and only when the part can be read again.
 */
export function sendBody<T>(
  http: HttpClient,
  path: string,
  part: UploadPart,
  contentType: string,
  query: Record<string, string | number | undefined>,
  options: UploadOptions,
): Promise<T> {
  const total = part.size;
  const useBlob = !runsInNode && part.blob !== undefined;
  let reported = -1;
  const report = (loaded: number) => {
    if (loaded === reported) return;
    reported = loaded;
    options.onProgress?.({ loaded, total, file: part.filename });
  };
  return http
    .request<T>({
      method: 'POST',
      path,
      query,
      idempotent: false,
      replayable: canReadAgain(part),
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 0,
      onUploadProgress: options.onProgress && useBlob ? report : undefined,
      body: () => (report(0), useBlob ? { body: part.blob!, contentType } : { streamed: streamedPart(part, report), contentType }),
    })
    .then((result) => {
      if (useBlob) report(total ?? 0);
      return result;
    });
}

/** The part as a streamed body: its file on disk as one range, or its chunks. */
function streamedPart(part: UploadPart, report: (loaded: number) => void): StreamedBody {
  let loaded = 0;
  const onBytes = (bytes: number) => report((loaded += bytes));
  if (part.path !== undefined && part.size !== undefined) {
    return { pieces: [{ path: part.path, start: 0, end: part.size, fileSize: part.size, onBytes }], length: part.size };
  }
  return { pieces: counted(part.chunks(), onBytes), length: part.size };
}

/** A file on disk or a Blob (bytes in memory are one) is read again for another attempt; a stream is not. */
export function canReadAgain(part: UploadPart): boolean {
  return part.path !== undefined || part.blob !== undefined;
}
