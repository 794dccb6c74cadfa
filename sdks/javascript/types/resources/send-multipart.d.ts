// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { HttpClient } from '../http';
import type { UploadPart } from '../sources';
import type { UploadOptions } from './uploads';
/**
 * POSTs the parts as `multipart/form-data`: streamed in Node; as a Blob in browsers, which refuse
 * streamed bodies over HTTP/1.1 (a Blob of Files is still read from disk as it is sent, and its
 * progress comes from the transport). Sent again only after an answer saying nothing was done, and only
 * when every part can be read again.
 */
export declare function sendMultipart<T>(
  http: HttpClient,
  path: string,
  parts: UploadPart[],
  total: number | undefined,
  query: Record<string, string | number | undefined>,
  options: UploadOptions,
): Promise<T>;
