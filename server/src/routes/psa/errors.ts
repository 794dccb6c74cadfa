import type { Next } from 'koa';
import type { Ctx } from '../../koa-types';
import { errorHandler } from '../../middleware/error-handler';

/** Cairn's codes that the spec's generic `BAD_REQUEST` covers (`details` says which). */
const BAD_REQUEST_CODES = new Set(['validation_error', 'invalid_json', 'bad_request', 'identity_cid']);

/** The spec's reasons for the statuses it names; anything else keeps Cairn's code, upper-cased. */
function reasonOf(status: number, code: string): string {
  if (status === 400 && BAD_REQUEST_CODES.has(code)) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status >= 500) return status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';
  return code.toUpperCase();
}

/**
 * Errors of the Pinning Service API in the spec's shape, `{"error": {"reason", "details"}}`:
 * Cairn's one error handler decides status, headers and logging as everywhere else, and its
 * `{error, code}` answer is then restated in the form Pinning Service API clients read.
 */
export function psaErrors() {
  const handle = errorHandler();
  return async (ctx: Ctx, next: Next) => {
    await handle(ctx, next);
    const body = ctx.body as { error?: unknown; code?: unknown } | undefined;
    if (ctx.status < 400 || !body || typeof body.error !== 'string' || typeof body.code !== 'string') return;
    ctx.body = { error: { reason: reasonOf(ctx.status, body.code), details: body.error } };
  };
}
