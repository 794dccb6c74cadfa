import type { ErrorBody, ErrorCode } from '@cairn/shared/api-types';
import type { Next } from 'koa';
import { ContentAbortedError } from '../content/errors';
import { clientError } from '../lib/error-answers';
import { AppError } from '../lib/errors';
import type { Ctx } from '../koa-types';
import { isQuotaRefusal, reportQuotaRefusal } from '../commands/webhooks/quota-refusals';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  code?: string;
}

const DEFAULT_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * The one place errors become responses: `{error, code}` JSON with the right status. Anything that
 * is not a deliberate client error becomes a 500 that reveals nothing and is logged with its stack.
 */
export function errorHandler() {
  return async (ctx: Ctx, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && !ctx.headerSent) {
        throw new AppError(404, 'not_found', 'Not found');
      }
      // The router's answer to a method the path lacks: it set `Allow`, the body is ours.
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null && !ctx.headerSent) {
        throw new AppError(405, 'method_not_allowed', 'Method not allowed');
      }
    } catch (thrown) {
      // An import aborted on purpose (server stopping, client gone) carries the answer as its reason.
      const raw = thrown instanceof ContentAbortedError && clientError(thrown.reason) ? thrown.reason : thrown;
      if (ctx.headerSent || !ctx.writable) {
        ctx.state.app?.logger.warn('error after response started', { requestId: ctx.state.requestId, error: String(raw) });
        return;
      }
      // Our own errors, content errors mapped from their domain codes; others only as HTTP-like errors of Koa's.
      const known = clientError(raw);
      const error = (known ?? raw) as HttpLikeError;
      const status = known ? known.status : (error.status ?? error.statusCode ?? 500);
      const deliberate = known !== undefined || (status >= 400 && status < 500 && error.expose !== false);
      ctx.remove('Content-Disposition');
      ctx.remove('Content-Security-Policy-Report-Only');
      for (const [name, value] of Object.entries(known?.headers ?? {})) ctx.set(name, value);
      if (deliberate) {
        if (known && isQuotaRefusal(known.code) && ctx.state.user) reportQuotaRefusal(ctx.state.app, ctx.state.user);
        ctx.status = status;
        if (status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="cairn"');
        ctx.body = {
          error: error.message || 'Request failed',
          code: known ? known.code : (DEFAULT_CODES[status] ?? 'bad_request'),
          ...(known?.details !== undefined ? { details: known.details } : {}),
          ...known?.fields,
        };
        return;
      }
      ctx.state.app?.logger.error('request failed', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        error: raw instanceof Error ? raw.stack : String(raw),
      });
      ctx.status = 500;
      ctx.body = { error: 'Internal server error', code: 'internal_error', requestId: ctx.state.requestId } satisfies ErrorBody;
    }
  };
}
