import { errorCodeValues, type ErrorCode } from '@cairn/shared/api-types';

/**
 * An error the client is meant to see: an HTTP status, a stable code and an English message. The
 * code is one of openapi.yaml's `ErrorCode` values, so a new code must be documented there first.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    /** More top-level fields of the answer (`scope` of `insufficient_scope`). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string, details?: unknown) => new AppError(400, code, message, details);
export const unauthorized = (code: ErrorCode, message: string) => new AppError(401, code, message);
export const forbidden = (code: ErrorCode, message: string) => new AppError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
/** The account was disabled by an administrator: none of its credentials, links or uploads works any more. */
export const accountDisabled = () => unauthorized('account_disabled', 'Account disabled, contact the administrator');
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'Too many attempts, try again later', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

const ERROR_CODES: ReadonlySet<string> = new Set(errorCodeValues);

/** True of a code read back from storage (a failed job's) that may be sent as an error code. */
export const isErrorCode = (code: string | null): code is ErrorCode => code !== null && ERROR_CODES.has(code);
