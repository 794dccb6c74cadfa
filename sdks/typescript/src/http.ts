import { webStream, type StreamedBody } from './body';
import { AbortedError, CairnError, ConnectionError, TimeoutError, errorFromResponse, parseRetryAfter } from './errors';
import { backoffDelay, isRetryableStatus, saysNothingDone, sleep, waitsTooLong, type RetryOptions } from './retry';

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
  body?: () => { contentType: string } & ({ body: NonNullable<RequestInit['body']> } | { streamed: StreamedBody });
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

export class HttpClient {
  constructor(readonly config: HttpConfig) {}

  url(path: string, query?: Query, raw = false): string {
    const base = this.config.baseUrl.replace(/\/+$/, '');
    // An absolute URL (a tus upload URL) is used as it is.
    const url = new URL(/^https?:\/\//.test(path) ? path : `${base}${raw ? '' : '/api/v2'}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async request<T>(call: Call): Promise<T> {
    const { maxRetries } = this.config.retry;
    const retries = call.idempotent ? maxRetries : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await this.attempt(call);
        if (response.ok) return (call.raw ? response : await readJson(response)) as T;
        const error = errorFromResponse(response.status, await readJson(response).catch(() => ({})), response.headers);
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        const resend = call.replayable !== false && saysNothingDone(response.status, error.code);
        const allowed = resend ? maxRetries : retries;
        if (attempt >= allowed || !isRetryableStatus(response.status) || waitsTooLong(retryAfter, this.config.retry)) throw error;
        await sleep(backoffDelay(attempt + 1, this.config.retry, retryAfter), call.signal);
      } catch (error) {
        const typed = toCairnError(error, call.signal);
        if (!(typed instanceof ConnectionError) || attempt >= retries) throw typed;
        await sleep(backoffDelay(attempt + 1, this.config.retry), call.signal).catch((e) => {
          throw toCairnError(e, call.signal);
        });
      }
    }
  }

  private async attempt(call: Call): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    const token = typeof this.config.token === 'function' ? this.config.token() : this.config.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.config.userAgent) headers['user-agent'] = this.config.userAgent;
    const init: RequestInit & { duplex?: 'half' } = { method: call.method, headers };
    let streamed: StreamedBody | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(call.json);
    } else if (call.body) {
      const made = call.body();
      headers['content-type'] = made.contentType;
      if ('streamed' in made) streamed = made.streamed;
      else init.body = made.body;
    }
    const timeoutMs = call.timeoutMs ?? this.config.timeoutMs;
    const signals = [call.signal, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined].filter(
      (s): s is AbortSignal => s !== undefined,
    );
    if (signals.length > 0) init.signal = signals.length === 1 ? signals[0] : AbortSignal.any(signals);
    const url = this.url(call.path, call.query, call.raw);
    if (streamed && this.config.streamFetch) return this.config.streamFetch(url, init, streamed);
    if (init.body && call.onUploadProgress && this.config.progressFetch) return this.config.progressFetch(url, init, call.onUploadProgress);
    if (streamed) {
      init.body = webStream(streamed);
      init.duplex = 'half';
    }
    return this.config.fetch(url, init);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** Maps fetch's failures (TypeError, AbortError, TimeoutError) onto the SDK's typed errors. */
export function toCairnError(error: unknown, signal?: AbortSignal): CairnError {
  if (error instanceof CairnError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (signal?.aborted) {
    const reason = signal.reason as unknown;
    if (reason instanceof CairnError) return reason;
    return new AbortedError({ status: 0, code: 'aborted', message: 'The call was cancelled', cause: error });
  }
  if (name === 'TimeoutError') {
    return new TimeoutError({ status: 0, code: 'timeout', message: 'The call timed out', cause: error });
  }
  if (name === 'AbortError') {
    return new AbortedError({ status: 0, code: 'aborted', message: 'The call was cancelled', cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ConnectionError({ status: 0, code: 'connection_error', message: `Could not reach the server: ${message}`, cause: error });
}
