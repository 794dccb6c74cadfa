import { ApiError } from './api-client';

/**
 * Whether asking again can get another answer: not when the server refused the request itself
 * (a 4xx: an invalid CID, content the account does not hold, a bad CAR, no room left), which it
 * will refuse again; yes when the server could not be reached, failed (5xx), or was busy (408, 429).
 */
export function canRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}
