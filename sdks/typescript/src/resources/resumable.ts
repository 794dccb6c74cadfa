/**
 * Resumable uploads over tus: the file goes in chunks, each a PATCH; a dropped connection or a
 * server error asks the server for its offset and continues from there, and a cancelled or
 * crashed upload is continued later from its URL (kept by the caller or in a `store`).
 */
import { CairnError, ConflictError, ConnectionError, NotFoundError, ServerError, TimeoutError } from '../errors';
import { toCairnError, type HttpClient } from '../http';
import { rangeSource, type RangeSource, type ResumableSource } from '../resumable-source';
import { backoffDelay, sleep } from '../retry';
import type { UploadResult } from '../types';
import { appendChunk, createUpload, uploadOffset, uploadRecord } from './tus';
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

const DEFAULT_CHUNK = 16 * 1024 * 1024;

/** Failures after which asking the offset and sending again can succeed. */
function isResumable(error: CairnError): boolean {
  return (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof ServerError ||
    error instanceof ConflictError ||
    error.status === 423 ||
    error.status === 429
  );
}

export async function resumableUpload(http: HttpClient, input: ResumableSource, options: ResumableUploadOptions): Promise<UploadResult> {
  const source = await rangeSource(input, options.filename);
  if (source.size === 0) throw new TypeError('A resumable upload needs a file of at least one byte');
  const { signal } = options;
  const fingerprint = options.store ? source.fingerprint : undefined;
  const stored = options.uploadUrl ?? (fingerprint ? await options.store!.get(fingerprint) : undefined);
  let url = stored === undefined ? undefined : uploadUrlOf(http, stored);
  let offset = 0;
  if (url) {
    const held = await stillValid(http, url, source, signal, options.uploadUrl === undefined);
    if (held === undefined) url = undefined;
    else offset = held;
  }
  if (!url) {
    url = await createUpload(http, source, { cidVersion: options.cidVersion, name: options.name }, signal);
    if (fingerprint) await options.store!.set(fingerprint, url);
  }
  options.onUploadUrl?.(url);
  const result = await sendFrom(http, url, source, offset, options);
  if (fingerprint) await options.store!.remove(fingerprint);
  return result;
}

/** An upload URL as given or stored: absolute, or a path from the server's root. */
export function uploadUrlOf(http: HttpClient, url: string): string {
  return new URL(url, `${http.config.baseUrl.replace(/\/+$/, '')}/`).toString();
}

/** The offset of a stored upload, or undefined when it is gone (and came from the store, not the caller). */
async function stillValid(
  http: HttpClient,
  url: string,
  source: RangeSource,
  signal: AbortSignal | undefined,
  fromStore: boolean,
): Promise<number | undefined> {
  try {
    const { offset, length } = await uploadOffset(http, url, signal);
    if (length === source.size) return offset;
    if (fromStore) return undefined;
    throw new TypeError(`The upload at ${url} is of ${length} bytes, not ${source.size}`);
  } catch (error) {
    const gone = error instanceof NotFoundError || (error instanceof CairnError && error.status === 410);
    if (fromStore && gone) return undefined;
    throw error;
  }
}

async function sendFrom(
  http: HttpClient,
  url: string,
  source: RangeSource,
  start: number,
  options: ResumableUploadOptions,
): Promise<UploadResult> {
  const { signal, onProgress } = options;
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK);
  const retries = options.retries ?? 5;
  let offset = start;
  let failures = 0;
  // After a failure the server's offset is asked for before sending again.
  let unsure = false;
  onProgress?.({ loaded: offset, total: source.size, file: source.filename });
  for (;;) {
    try {
      if (unsure) {
        offset = (await uploadOffset(http, url, signal)).offset;
        unsure = false;
        onProgress?.({ loaded: offset, total: source.size, file: source.filename });
      }
      if (offset >= source.size) return await uploadRecord(http, url, signal);
      let sent = offset;
      const end = Math.min(offset + chunkSize, source.size);
      const step = await appendChunk(
        http,
        url,
        source,
        offset,
        end,
        (bytes) => {
          sent += bytes;
          onProgress?.({ loaded: sent, total: source.size, file: source.filename });
        },
        signal,
        onProgress !== undefined,
      );
      if (step.record) return step.record;
      offset = step.offset;
      failures = 0;
    } catch (error) {
      const typed = toCairnError(error, signal);
      if (!isResumable(typed) || failures >= retries) throw typed;
      failures++;
      unsure = true;
      await sleep(backoffDelay(failures, http.config.retry), signal).catch((e) => {
        throw toCairnError(e, signal);
      });
    }
  }
}
