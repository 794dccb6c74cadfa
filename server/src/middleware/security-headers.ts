import type { Next } from 'koa';
import type { Ctx } from '../koa-types';

const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Headers for the app's own pages and JSON; routes that serve user content set their own CSP. */
export function securityHeaders(production: boolean) {
  return async (ctx: Ctx, next: Next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Content-Security-Policy', APP_CSP);
    if (production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
