import { stripNameControls } from '@cairn/shared';
import type { CID } from 'multiformats/cid';
import type { Ctx } from '../koa-types';

/** Content addressed by CID never changes. */
export const IMMUTABLE = 'public, max-age=29030400, immutable';
/** Pages Cairn generates (listings, DAG previews) may change with Cairn itself. */
export const GENERATED = 'public, max-age=604800, stale-while-revalidate=2678400';

/**
 * What caches may keep: an answer opened by a signed access link is for its requester alone, kept
 * nowhere (a shared cache would hand it on without the link).
 */
export function setCacheControl(ctx: Ctx, value: string): void {
  const named = ctx.state.named;
  if (ctx.state.accessLink) ctx.set('Cache-Control', 'private, no-store');
  else if (named && value !== 'no-store') ctx.set('Cache-Control', `public, max-age=${named.maxAgeSeconds}`);
  else ctx.set('Cache-Control', value);
}

/**
 * The gateway serves public content: any page may read it, as from any IPFS gateway, without
 * credentials (no `Authorization` is allowed cross-origin, so no token can ride along).
 */
export function gatewayCors(ctx: Ctx): void {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  ctx.set('Access-Control-Allow-Headers', 'Content-Type, Range, User-Agent, X-Requested-With');
  ctx.set(
    'Access-Control-Expose-Headers',
    'Content-Length, Content-Range, Content-Disposition, ETag, X-Ipfs-Path, X-Ipfs-Roots, X-Chunked-Output, X-Stream-Output, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
  );
}

/**
 * User content must never run as the app. On an origin shared with the app or with other roots
 * (the path gateway): no scripts, no same-origin, no sniffing. On an origin of its own (a subdomain
 * gateway host, a custom domain) a site runs as the site it is, scripts and framing included: its
 * origin holds nothing but itself.
 */
export function untrustedContent(ctx: Ctx, ownOrigin: boolean): void {
  if (ownOrigin) {
    ctx.remove('Content-Security-Policy');
    ctx.remove('X-Frame-Options');
  } else {
    ctx.set('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'");
  }
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
}

/** The logical roots of the path (one CID per segment), so caches can tell what changed. */
export function setRoots(ctx: Ctx, roots: CID[]): void {
  ctx.set('X-Ipfs-Roots', roots.map(String).join(','));
}

/**
 * Whether `If-None-Match` names `etag` (weak comparison, any item of the list, or `*`): then the
 * answer is a 304 and nothing else is sent.
 */
export function notModified(ctx: Ctx, etag: string): boolean {
  const header = ctx.get('If-None-Match');
  if (!header) return false;
  const wanted = opaque(etag);
  const matches = header
    .split(',')
    .map((item) => item.trim())
    .some((item) => item === '*' || (item !== '' && opaque(item) === wanted));
  if (!matches) return false;
  ctx.status = 304;
  ctx.body = null;
  return true;
}

const opaque = (etag: string) => etag.replace(/^W\//, '');

/**
 * A page Cairn renders (a listing, a DAG preview): cached for a week under its own ETag, rendered
 * only for a GET that is not answered 304.
 */
export async function sendGeneratedPage(ctx: Ctx, etag: string, render: () => string | Promise<string>): Promise<void> {
  ctx.set('ETag', etag);
  setCacheControl(ctx, GENERATED);
  if (notModified(ctx, etag)) return;
  ctx.type = 'text/html; charset=utf-8';
  ctx.status = 200;
  if (ctx.method !== 'HEAD') ctx.body = await render();
}

/**
 * A directory or a DAG preview asked for without its trailing slash: a 301 to the path with one
 * (each segment escaped again, the query kept), so that the page's relative links resolve below it.
 */
export function redirectToSlash(ctx: Ctx, path: string): void {
  ctx.status = 301;
  ctx.redirect(`${path}/${ctx.querystring ? `?${ctx.querystring}` : ''}`);
}

/** `Content-Disposition` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function setDisposition(ctx: Ctx, disposition: 'inline' | 'attachment', filename: string): void {
  const ascii = pathEscape(filename.replace(/[^\p{ASCII}]/gu, '_'));
  ctx.set('Content-Disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${pathEscape(filename)}`);
}

/**
 * `?filename=` without the characters that would make the name read as another (bidirectional
 * controls, control characters), and `?download=true` (or Cairn's `1`) forcing a download; a
 * signed link's download name instead when it has one.
 */
export function downloadQuery(ctx: Ctx): { filename: string | null; download: boolean } {
  // A signed link's download name is the link's, not the requester's to change.
  const linkName = ctx.state.accessLink?.downloadName;
  if (linkName) return { filename: linkName, download: true };
  const filename = typeof ctx.query.filename === 'string' ? stripNameControls(ctx.query.filename) : '';
  return { filename: filename === '' ? null : filename, download: ctx.query.download === 'true' || ctx.query.download === '1' };
}

/**
 * A path segment escaped as Go's `url.PathEscape` does, which IPFS gateways' links use: every
 * byte but unreserved characters and `$&+:=@` is percent-encoded.
 */
export function pathEscape(segment: string): string {
  return encodeURIComponent(segment)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%(24|26|2B|3A|3D|40)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A whole path, each segment escaped, the slashes kept. */
export const escapePath = (path: string): string => path.split('/').map(pathEscape).join('/');
