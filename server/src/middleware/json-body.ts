import type { Next } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { AppError } from '../lib/errors';
import type { Ctx } from '../koa-types';

/** co-body's errors (through koa-body) as the API's own; a request cut short never reads its answer. */
function bodyError(error: Error & { status?: number; type?: string }): AppError {
  if (error.status === 413)
    return new AppError(413, 'payload_too_large', error.message.replace(/^request entity too large$/i, 'Request body is too large'));
  if (error.status === 415) return new AppError(415, 'unsupported_media_type', 'Send the body as application/json');
  return new AppError(400, 'invalid_json', 'Request body is not valid JSON');
}

/**
 * Reads a JSON request body with koa-body: at most `JSON_BODY_LIMIT_BYTES`, counted while it
 * streams so an oversized body is refused (413) without being held whole; any JSON value (an
 * object is the schemas' business); another content type is 415. Bodiless requests give `{}`.
 * Multipart is off here: uploads are streamed by their own parser.
 */
export function jsonBody() {
  return async (ctx: Ctx, next: Next) => {
    const declared = Number(ctx.get('Content-Length') || 0);
    const hasBody = declared > 0 || ctx.get('Transfer-Encoding') !== '';
    if (!hasBody) {
      ctx.request.body = {};
      return next();
    }
    if (!ctx.is('application/json', '+json')) {
      throw new AppError(415, 'unsupported_media_type', 'Send the body as application/json');
    }
    const parse = koaBody({
      json: true,
      jsonStrict: false,
      jsonLimit: ctx.state.app.config.jsonBodyLimitBytes,
      multipart: false,
      urlencoded: false,
      text: false,
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
      onError: (error) => {
        throw bodyError(error);
      },
    });
    return parse(ctx, next);
  };
}
