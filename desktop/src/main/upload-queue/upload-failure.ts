import { parseRetryAfter } from './backoff';

/**
 * What the queue does after a failed attempt: `retry` later with backoff (network, 429, 5xx),
 * `sign_in` and `quota` stop the whole queue until the user acts, `fatal` fails this item only.
 */
export type FailureKind = 'retry' | 'sign_in' | 'quota' | 'fatal';

export class UploadFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly code: string,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}

/** Classifies a server answer that is not a success, from its status and the API's `{error, code}` body. */
export function failureFromResponse(status: number, body: string, retryAfter: string | undefined, now: number): UploadFailure {
  let code = `http_${status}`;
  let message = `The server answered ${status}`;
  try {
    const parsed = JSON.parse(body) as { code?: unknown; error?: unknown };
    if (typeof parsed.code === 'string') code = parsed.code;
    if (typeof parsed.error === 'string') message = parsed.error;
  } catch {
    // Not the API's JSON (a proxy's error page): keep the status-based code.
  }
  if (status === 401) return new UploadFailure('sign_in', code, message);
  if (status === 403 && code === 'quota_exceeded') return new UploadFailure('quota', code, message);
  if (status === 429 || status === 503 || status >= 500) {
    return new UploadFailure('retry', code, message, parseRetryAfter(retryAfter, now));
  }
  return new UploadFailure('fatal', code, message);
}

/** Errors from the socket or the disk: a lost connection is retried, a vanished file is not. */
export function failureFromError(error: unknown): UploadFailure {
  if (error instanceof UploadFailure) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES' || code === 'EPERM') {
    return new UploadFailure('fatal', code === 'ENOENT' ? 'file_missing' : 'file_unreadable', message);
  }
  if (code === 'FILE_CHANGED') return new UploadFailure('retry', 'file_changed', message);
  return new UploadFailure('retry', 'network_error', message);
}
