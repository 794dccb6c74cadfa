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

export class CairnError extends Error {
  /** The HTTP status; 0 when no response arrived (connection error, timeout). */
  readonly status: number;
  /** The server's stable snake_case code, e.g. `quota_exceeded`. */
  readonly code: string;
  readonly details?: ValidationIssue[];
  readonly requestId?: string;
  /** Seconds the server asked to wait before trying again (`Retry-After`: a 429, a busy 503). */
  readonly retryAfter?: number;

  constructor(init: CairnErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }
}

/** 400: the request was refused as invalid (`validation_error`, `invalid_cid`, `invalid_path`, …). */
export class ValidationError extends CairnError {}
/** 401: no usable credential (`invalid_token`, `token_revoked`, `token_expired`, …). */
export class AuthenticationError extends CairnError {}
/** 403 other than quota (`admin_required`, `account_disabled`, `insufficient_scope`: the API token lacks the scope). */
export class PermissionError extends CairnError {}
/** 403 `quota_exceeded` (409 `insufficient_funds` from the Pinning Service API): the account has no room left. */
export class QuotaExceededError extends CairnError {}
/** 404: `file_not_found`, `pin_not_found`, `token_not_found`, `cid_not_found`, … */
export class NotFoundError extends CairnError {}
/** 409: `already_pinned`, `name_taken`. */
export class ConflictError extends CairnError {}
/** 413: the file or folder is over the server's size limits. */
export class PayloadTooLargeError extends CairnError {}

/** 429 (`rate_limited`, `too_many_uploads`): `retryAfter` is the number of seconds the server asked to wait. */
export class RateLimitError extends CairnError {}

/** 5xx: the server failed; quote `requestId` to support. */
export class ServerError extends CairnError {}
/** No response: the connection failed or was reset (`code: connection_error`). */
export class ConnectionError extends CairnError {}
/** The call took longer than its timeout (`code: timeout`). */
export class TimeoutError extends CairnError {}
/** The caller's AbortSignal fired (`code: aborted`). */
export class AbortedError extends CairnError {}
/** A pin job ended `failed`: `code` is the job's `errorCode`. */
export class PinFailedError extends CairnError {}

const byStatus: Record<number, new (init: CairnErrorInit) => CairnError> = {
  400: ValidationError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  429: RateLimitError,
};

/** Seconds from a `Retry-After` header (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

/** The typed error for an API error response. */
export function errorFromResponse(status: number, body: unknown, headers: Headers): CairnError {
  const payload = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const psa = pinningServiceFailure(payload);
  const code = psa?.code ?? (typeof payload.code === 'string' ? payload.code : `http_${status}`);
  const init: CairnErrorInit = {
    status,
    code,
    message: psa?.message ?? (typeof payload.error === 'string' ? payload.error : `HTTP ${status}`),
    details: Array.isArray(payload.details) ? (payload.details as ValidationIssue[]) : undefined,
    requestId: typeof payload.requestId === 'string' ? payload.requestId : (headers.get('x-request-id') ?? undefined),
    retryAfter: parseRetryAfter(headers.get('retry-after')),
  };
  if ((status === 403 && code === 'quota_exceeded') || (status === 409 && code === 'insufficient_funds')) {
    return new QuotaExceededError(init);
  }
  const Type = byStatus[status] ?? (status >= 500 ? ServerError : CairnError);
  return new Type(init);
}

/**
 * The Pinning Service API's failure, `{error: {reason, details}}`: the reason lower-cased is the
 * code (`NOT_FOUND` → `not_found`, `INSUFFICIENT_FUNDS` → `insufficient_funds`, …).
 */
function pinningServiceFailure(payload: Record<string, unknown>): { code: string; message: string } | undefined {
  const error = payload.error as { reason?: unknown; details?: unknown } | null | undefined;
  if (typeof error !== 'object' || error === null || typeof error.reason !== 'string') return undefined;
  return { code: error.reason.toLowerCase(), message: typeof error.details === 'string' ? error.details : error.reason };
}
