import crypto from 'node:crypto';
import type { Next } from 'koa';
import type { Ctx } from '../koa-types';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Tags each request with an id (a sane incoming X-Request-Id is kept) for logs and support. */
export function requestId() {
  return async (ctx: Ctx, next: Next) => {
    const incoming = ctx.get('X-Request-Id');
    ctx.state.requestId = SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}
