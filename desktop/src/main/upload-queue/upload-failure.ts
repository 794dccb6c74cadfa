import { CairnError, QuotaExceededError } from '@cairn/sdk';

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

/** Disk errors that sending again cannot fix. */
function diskFailure(error: unknown): UploadFailure | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES' || code === 'EPERM') {
    return new UploadFailure('fatal', code === 'ENOENT' ? 'file_missing' : 'file_unreadable', message);
  }
  return undefined;
}

/** Classifies what the SDK reported: the server's answer by its status and `code`, or what kept it from one. */
function failureFromSdk(error: CairnError): UploadFailure {
  if (error.status === 401) return new UploadFailure('sign_in', error.code, error.message);
  if (error instanceof QuotaExceededError) return new UploadFailure('quota', error.code, error.message);
  const retryAfterMs = error.retryAfter === undefined ? undefined : error.retryAfter * 1000;
  if (error.status === 429 || error.status >= 500) return new UploadFailure('retry', error.code, error.message, retryAfterMs);
  if (error.status !== 0) return new UploadFailure('fatal', error.code, error.message);
  // No answer: the file changed while it was sent (send it again), a file vanished while it was
  // read, or the connection failed.
  if (error.code === 'file_changed') return new UploadFailure('retry', 'file_changed', error.message);
  return diskFailure(error.cause) ?? new UploadFailure('retry', 'network_error', error.message);
}

/**
 * Any error of an attempt as an `UploadFailure`: the SDK's, the disk's (a vanished file is not
 * retried), a path the SDK refused (not a file, an empty folder); anything else is a lost connection.
 */
export function failureFromError(error: unknown): UploadFailure {
  if (error instanceof UploadFailure) return error;
  if (error instanceof CairnError) return failureFromSdk(error);
  const disk = diskFailure(error);
  if (disk) return disk;
  if (error instanceof TypeError) return new UploadFailure('fatal', 'file_unreadable', error.message);
  return new UploadFailure('retry', 'network_error', error instanceof Error ? error.message : String(error));
}
