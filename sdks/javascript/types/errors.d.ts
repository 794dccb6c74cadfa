// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/**
 * Every failure the SDK reports is a `CairnError`: API errors carry the HTTP status, the server's
 * stable `code` and its English message; subclasses let callers branch with `instanceof`.
 */
export interface ValidationIssue {
  path: string;
  message: string;
}
export interface CairnErrorInit {
  status: number;
  code: string;
  message: string;
  details?: ValidationIssue[];
  requestId?: string;
  retryAfter?: number;
  cause?: unknown;
}
export declare class CairnError extends Error {
  /** The HTTP status; 0 when no response arrived (connection error, timeout). */
  readonly status: number;
  /** The server's stable snake_case code, e.g. `quota_exceeded`. */
  readonly code: string;
  readonly details?: ValidationIssue[];
  readonly requestId?: string;
  /** Seconds the server asked to wait before trying again (`Retry-After`: a 429, a busy 503). */
  readonly retryAfter?: number;
  constructor(init: CairnErrorInit);
}
/** 400: the request was refused as invalid (`validation_error`, `invalid_cid`, `invalid_path`, …). */
export declare class ValidationError extends CairnError {}
/** 401: no usable credential (`invalid_token`, `token_revoked`, `token_expired`, …). */
export declare class AuthenticationError extends CairnError {}
/** 403 other than quota (`admin_required`, `account_disabled`, `insufficient_scope`: the API token lacks the scope). */
export declare class PermissionError extends CairnError {}
/** 403 `quota_exceeded` (409 `insufficient_funds` from the Pinning Service API): the account has no room left. */
export declare class QuotaExceededError extends CairnError {}
/** 404: `file_not_found`, `pin_not_found`, `token_not_found`, `cid_not_found`, … */
export declare class NotFoundError extends CairnError {}
/** 409: `already_pinned`, `name_taken`. */
export declare class ConflictError extends CairnError {}
/** 413: the file or folder is over the server's size limits. */
export declare class PayloadTooLargeError extends CairnError {}
/** 429 (`rate_limited`, `too_many_uploads`): `retryAfter` is the number of seconds the server asked to wait. */
export declare class RateLimitError extends CairnError {}
/** 5xx: the server failed; quote `requestId` to support. */
export declare class ServerError extends CairnError {}
/** No response: the connection failed or was reset (`code: connection_error`). */
export declare class ConnectionError extends CairnError {}
/** The call took longer than its timeout (`code: timeout`). */
export declare class TimeoutError extends CairnError {}
/** The caller's AbortSignal fired (`code: aborted`). */
export declare class AbortedError extends CairnError {}
/** A pin job ended `failed`: `code` is the job's `errorCode`. */
export declare class PinFailedError extends CairnError {}
/** Seconds from a `Retry-After` header (delta-seconds or an HTTP date), or undefined. */
export declare function parseRetryAfter(value: string | null, now?: number): number | undefined;
/** The typed error for an API error response. */
export declare function errorFromResponse(status: number, body: unknown, headers: Headers): CairnError;
