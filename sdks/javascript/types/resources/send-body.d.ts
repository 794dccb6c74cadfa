// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { HttpClient } from '../http';
import type { UploadPart } from '../sources';
import type { UploadOptions } from './uploads';
/**
 * POSTs one part as the raw request body (a CAR): streamed in Node, as a Blob in browsers when it
 * is one (they refuse streamed bodies over HTTP/1.1; the transport reports its progress). Sent again
 * only after an answer saying nothing was done, and only when the part can be read again.
 */
export declare function sendBody<T>(
  http: HttpClient,
  path: string,
  part: UploadPart,
  contentType: string,
  query: Record<string, string | number | undefined>,
  options: UploadOptions,
): Promise<T>;
/** A file on disk or a Blob (bytes in memory are one) is read again for another attempt; a stream is not. */
export declare function canReadAgain(part: UploadPart): boolean;
