// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { HttpClient } from '../http';
import type { RangeSource } from '../resumable-source';
import type { UploadResult } from '../types';
/** Creates the upload and answers its absolute URL. Not retried: a second creation would reserve the quota twice. */
export declare function createUpload(
  http: HttpClient,
  source: RangeSource,
  query: {
    cidVersion?: number;
    name?: string;
  },
  signal?: AbortSignal,
): Promise<string>;
/** How many bytes the server holds, and the upload's length. */
export declare function uploadOffset(
  http: HttpClient,
  url: string,
  signal?: AbortSignal,
): Promise<{
  offset: number;
  length: number;
}>;
export declare function uploadRecord(http: HttpClient, url: string, signal?: AbortSignal): Promise<UploadResult>;
/**
 * Sends bytes `offset` to `end`: streamed in Node (progress as the socket drains), as a Blob slice
 * in browsers (progress as the transport reports it, if it can; else once sent). `onSent` gets
 * each count of bytes newly sent. Answers the new offset, or the record once complete.
 */
export declare function appendChunk(
  http: HttpClient,
  url: string,
  source: RangeSource,
  offset: number,
  end: number,
  onSent: (bytes: number) => void,
  signal?: AbortSignal,
  followed?: boolean,
): Promise<{
  offset: number;
  record?: UploadResult;
}>;
/**
 * Ends an upload the server holds part of (tus termination): what it kept is dropped and its
 * reserved quota comes back. An upload that is already gone (finished, expired) is no error.
 */
export declare function terminateUpload(
  http: HttpClient,
  url: string,
  options: {
    signal?: AbortSignal;
    timeoutMs?: number;
  },
): Promise<void>;
