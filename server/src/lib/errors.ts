/** An error the client is meant to see: an HTTP status, a stable code and an English message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: unknown) => new AppError(400, code, message, details);
export const unauthorized = (code: string, message: string) => new AppError(401, code, message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
/** The account was disabled by an administrator: none of its credentials, links or uploads works any more. */
export const accountDisabled = () => unauthorized('account_disabled', 'Account disabled, contact the administrator');
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'Too many attempts, try again later', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
