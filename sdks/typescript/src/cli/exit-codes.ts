import {
  AbortedError,
  AuthenticationError,
  CairnError,
  ConflictError,
  ConnectionError,
  NotFoundError,
  PinFailedError,
  QuotaExceededError,
  TimeoutError,
  ValidationError,
} from '../errors';
import { UsageError } from './context';

/** Exit codes scripts can rely on (documented in the README). */
export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  quota: 5,
  conflict: 6,
  network: 7,
  invalid: 8,
  pinFailed: 9,
  interrupted: 130,
} as const;

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  // parseArgs refuses unknown options and missing values with these codes.
  if (String((error as { code?: unknown } | null)?.code ?? '').startsWith('ERR_PARSE_ARGS')) return EXIT.usage;
  if (error instanceof AbortedError) return EXIT.interrupted;
  if (error instanceof AuthenticationError) return EXIT.auth;
  if (error instanceof NotFoundError) return EXIT.notFound;
  if (error instanceof QuotaExceededError) return EXIT.quota;
  if (error instanceof ConflictError) return EXIT.conflict;
  if (error instanceof ConnectionError || error instanceof TimeoutError) return EXIT.network;
  if (error instanceof ValidationError) return EXIT.invalid;
  if (error instanceof PinFailedError) return EXIT.pinFailed;
  return EXIT.error;
}

/** The error as the CLI reports it: `{error, code, status}` with `--json`. */
export function describeError(error: unknown): { error: string; code: string; status?: number } {
  if (error instanceof CairnError) return { error: error.message, code: error.code, status: error.status };
  if (exitCodeOf(error) === EXIT.usage) return { error: (error as Error).message, code: 'usage_error' };
  return { error: error instanceof Error ? error.message : String(error), code: 'error' };
}
