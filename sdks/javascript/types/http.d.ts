// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/* eslint-disable */
import { type StreamedBody } from './body';
import { CairnError } from './errors';
import { type RetryOptions } from './retry';
/** Options every SDK call takes last. */
export interface RequestOptions {
  /** Cancels the call; the promise rejects with an `AbortedError`. */
  signal?: AbortSignal;
  /** Milliseconds for each attempt; 0 means none. Defaults to the client's `timeoutMs`. */
  timeoutMs?: number;
}
export interface HttpConfig {
  baseUrl: string;
  /** The bearer token, or a function read at each request (a session that is renewed). */
  token?: string | (() => string | null | undefined);
  fetch: typeof fetch;
  /** Sends streamed bodies (uploads) when set; see node-transport. */
  streamFetch?: (url: string, init: RequestInit, body: StreamedBody) => Promise<Response>;
  /** Sends a body whose progress is followed, when set; see browser-transport. */
  progressFetch?: (url: string, init: RequestInit, onSent: (bytes: number) => void) => Promise<Response>;
  timeoutMs: number;
  retry: RetryOptions;
  userAgent?: string;
}
export type Query = Record<string, string | number | boolean | undefined>;
export interface Call extends RequestOptions {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A path under `/api/v2` (`/users/me`), with `raw` from the server's root (`/ipfs/…`), or an absolute URL. */
  path: string;
  query?: Query;
  json?: unknown;
  /** Makes a fresh request body for each attempt (streams can be read only once). */
  body?: () => {
    contentType: string;
  } & (
    | {
        body: NonNullable<RequestInit['body']>;
      }
    | {
        streamed: StreamedBody;
      }
  );
  /** Safe to send again: only these calls are retried after a connection error or any 429/503. */
  idempotent: boolean;
  /**
   * Whether `body` can be made again (false for a one-shot stream). A call that is not idempotent is
   * still sent again after an answer saying nothing was done (`NOTHING_DONE`), unless this is false.
   */
  replayable?: boolean;
  /** Answers the Response itself instead of parsing JSON (for downloads and tus). */
  raw?: boolean;
  /** Extra request headers (the tus protocol's). */
  headers?: Record<string, string>;
  /** Called with the bytes of a (not streamed) body sent so far, where the transport can tell. */
  onUploadProgress?: (bytes: number) => void;
}
export declare class HttpClient {
  readonly config: HttpConfig;
  constructor(config: HttpConfig);
  url(path: string, query?: Query, raw?: boolean): string;
  request<T>(call: Call): Promise<T>;
  private attempt;
}
/** Maps fetch's failures (TypeError, AbortError, TimeoutError) onto the SDK's typed errors. */
export declare function toCairnError(error: unknown, signal?: AbortSignal): CairnError;
