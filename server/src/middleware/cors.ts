import cors from '@koa/cors';
import type { Next } from 'koa';
import type { Ctx } from '../koa-types';

/** Where pages of other sites may call with credentials: the API and the Pinning Service API (the gateway keeps rules of its own). */
const CROSS_ORIGIN_PATHS = /^\/(api\/v2|psa)(\/|$)/;

/** What a browser may send: token auth, JSON, tus uploads, gateway ranges. */
const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Offset',
  'Upload-Metadata',
  'Upload-Concat',
  'Upload-Defer-Length',
  'X-Request-Id',
  'X-HTTP-Method-Override',
  'X-Requested-With',
  'Range',
];

/** What a page may read of an answer, beyond the headers every browser exposes. */
export const CORS_EXPOSED_HEADERS = [
  'Location',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Expires',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-Request-Id',
  'Content-Range',
  'Content-Disposition',
  'X-Ipfs-Path',
];

/**
 * CORS for the API, the Pinning Service API and the gateway: a page of an allowed origin (`*`, or
 * the listed ones) may call them with a token or a signed URL. Never with the session cookie: no
 * answer carries `Access-Control-Allow-Credentials`, so a browser hands no credentialed answer to
 * another origin's script, and refuses credentialed preflighted requests outright.
 *
 * A preflight (OPTIONS with `Access-Control-Request-Method`) is answered here; any other OPTIONS
 * goes on to the routers, which answer it with the path's `Allow`.
 */
export function crossOrigin(origins: '*' | string[]) {
  const allowed = new Set(origins === '*' ? [] : origins);
  const handle = cors({
    origin: (ctx) => (origins === '*' ? '*' : allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    credentials: false,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: CORS_ALLOWED_HEADERS,
    exposeHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 86_400,
  });
  return (ctx: Ctx, next: Next) => (CROSS_ORIGIN_PATHS.test(ctx.path) ? handle(ctx, next) : next());
}
