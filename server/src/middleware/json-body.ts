import type { Next } from 'koa';
import { AppError } from '../lib/errors';
import type { Ctx } from '../koa-types';
import { readRawBody } from './raw-body';

/**
 * Reads a JSON request body of at most `limit` bytes, counting while it streams so an oversized
 * body is refused (413) without being held whole. Bodiless requests give `{}`.
 */
export function jsonBody() {
  return async (ctx: Ctx, next: Next) => {
    const limit = ctx.state.app.config.jsonBodyLimitBytes;
    const declared = Number(ctx.get('Content-Length') || 0);
    const hasBody = declared > 0 || ctx.get('Transfer-Encoding') !== '';
    if (!hasBody) {
      ctx.request.body = {};
      return next();
    }
    if (!ctx.is('application/json', '+json')) {
      throw new AppError(415, 'unsupported_media_type', 'Send the body as application/json');
    }
    const text = (await readRawBody(ctx, limit)).toString('utf8');
    try {
      ctx.request.body = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw new AppError(400, 'invalid_json', 'Request body is not valid JSON');
    }
    return next();
  };
}

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}
