// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import { type HttpClient } from '../http';
import { type ResumableSource } from '../resumable-source';
import type { UploadResult } from '../types';
import type { UploadOptions } from './uploads';
/** Where upload URLs are kept between runs, by the source's fingerprint. */
export interface ResumableUrlStore {
  get(fingerprint: string): string | undefined | Promise<string | undefined>;
  set(fingerprint: string, url: string): void | Promise<void>;
  remove(fingerprint: string): void | Promise<void>;
}
export interface ResumableUploadOptions extends UploadOptions {
  /** The file's name (defaults to the path's last segment or the File's name). */
  filename?: string;
  /** Bytes per PATCH (default 16 MiB). */
  chunkSize?: number;
  /**
   * Continues this upload (an upload URL from an earlier `onUploadUrl`, or its path from the
   * server's root, `/api/v2/uploads/resumable/…`) instead of starting one.
   */
  uploadUrl?: string;
  /** Called with the upload's URL as soon as it exists: keep it to resume after a crash. */
  onUploadUrl?: (url: string) => void;
  /** Keeps upload URLs by fingerprint (a path's or File's identity), so a later call resumes by itself. */
  store?: ResumableUrlStore;
  /** Failed requests in a row before giving up (default 5); any progress starts the count again. */
  retries?: number;
}
export declare function resumableUpload(http: HttpClient, input: ResumableSource, options: ResumableUploadOptions): Promise<UploadResult>;
/** An upload URL as given or stored: absolute, or a path from the server's root. */
export declare function uploadUrlOf(http: HttpClient, url: string): string;
