import type { HttpClient } from '../http';
import { runsInNode } from '../node-transport';
import type { UploadPart } from '../sources';
import type { UploadOptions } from './uploads';

/**
 * POSTs one part as the raw request body (a CAR): streamed in Node, as a Blob in browsers when it
 * is one (they refuse streamed bodies over HTTP/1.1). Never retried.
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
  const report = (loaded: number) => options.onProgress?.({ loaded, total, file: part.filename });
  return http
    .request<T>({
      method: 'POST',
      path,
      query,
      idempotent: false,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 0,
      body: () => (
        report(0),
        useBlob ? { body: part.blob!, contentType, stream: false } : { body: counted(part, report), contentType, stream: true }
      ),
    })
    .then((result) => {
      if (useBlob) report(total ?? 0);
      return result;
    });
}

function counted(part: UploadPart, report: (loaded: number) => void): ReadableStream<Uint8Array> {
  const iterator = part.chunks()[Symbol.asyncIterator]();
  let loaded = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(next.value);
      loaded += next.value.byteLength;
      report(loaded);
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}
