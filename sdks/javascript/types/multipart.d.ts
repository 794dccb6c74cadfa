// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/**
 * `multipart/form-data` bodies built as streams: every file is read chunk by chunk as the
 * request is sent, so a 4 GiB file or a 10 GiB folder never sits in memory.
 */
import { type StreamedBody } from './body';
import type { UploadPart } from './sources';
export interface UploadProgress {
  /** Bytes of file content sent so far. */
  loaded: number;
  /** Bytes of file content in all, when known. */
  total?: number;
  /** The relative path of the file being sent. */
  file?: string;
}
export type ProgressCallback = (progress: UploadProgress) => void;
export declare function makeBoundary(): string;
/**
 * The body, read only as fast as the connection takes it, with its exact length when every
 * part's size is known.
 */
export declare function multipartBody(
  parts: readonly UploadPart[],
  boundary: string,
  total: number | undefined,
  onProgress?: ProgressCallback,
): StreamedBody;
/**
 * The body as a Blob of Blobs, for browsers (which stream a Blob from disk but refuse a
 * ReadableStream body over HTTP/1.1), and how far its files are once `sent` bytes of it are: the
 * progress of a request that reports body bytes (XMLHttpRequest), in the files' own bytes.
 */
export declare function multipartBlob(
  parts: readonly UploadPart[],
  boundary: string,
  total: number | undefined,
  onProgress?: ProgressCallback,
): {
  blob: Blob;
  sent: (bodyBytes: number) => void;
};
