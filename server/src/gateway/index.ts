import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import Router from '@koa/router';
import { CID } from 'multiformats/cid';
import { storedHead } from '../commands/head-capture';
import { AppError, notFound } from '../lib/errors';
import { stripControl } from '../lib/text';
import type { AppState, Ctx } from '../koa-types';
import { bearer } from '../middleware/auth';
import { authenticatePrincipal } from '../auth/authenticate';
import { contentTypeFor } from './content-type';
import { directoryPage } from './listing';
import { parseRange } from './range';
import { serveTrustless } from './trustless';
import { trustlessRequest } from './trustless-request';

const LISTING_LIMIT = 1000;
const DAG_PB = 0x70;
const RAW = 0x55;
const IDENTITY = 0x00;
const notServed = () => notFound('not_found', 'This content is not stored here');

/** User content must never run as the app: no scripts, no same-origin, no sniffing. */
function untrustedContentHeaders(ctx: Ctx, cid: string): void {
  ctx.set('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'");
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('ETag', `"${cid}"`);
  ctx.set('Cache-Control', 'public, max-age=29030400, immutable');
  ctx.set('X-Ipfs-Path', ctx.path);
}

/** The record name to download as: the caller's own record when signed in, else ?filename=. */
async function downloadName(ctx: Ctx, rootCid: string, fallback: string): Promise<string> {
  const credential = bearer(ctx);
  if (credential) {
    const { user } = await authenticatePrincipal(ctx.state.app, credential, ctx.ip).catch(() => ({ user: null }));
    const record = user ? await ctx.state.app.stores.uploads.findByCidForUser(user.id, rootCid) : undefined;
    if (record) return record.name;
  }
  const requested = typeof ctx.query.filename === 'string' ? ctx.query.filename : '';
  return (
    stripControl(requested)
      .replace(/["\\/]/g, '')
      .slice(0, 255) || fallback
  );
}

async function serve(ctx: Ctx): Promise<void> {
  const app = ctx.state.app;
  const gatewayOrigin = app.config.gatewayOrigin;
  if (gatewayOrigin && `${ctx.protocol}://${ctx.host}` !== gatewayOrigin) {
    ctx.status = 302;
    ctx.redirect(`${gatewayOrigin}${ctx.originalUrl}`);
    return;
  }
  const rootRaw = ctx.params.cid!;
  let parsed: CID;
  try {
    parsed = CID.parse(rootRaw);
  } catch {
    throw new AppError(400, 'invalid_cid', 'Invalid CID');
  }
  const root = parsed.toString();
  // Not an open proxy: only content pinned by some account (or inside such a DAG) is served.
  if (!(await app.stores.uploads.isHeld(root)) && !(servableBlock(parsed) && (await app.content.has(root)))) throw notServed();

  const rawPath = (ctx.params as Record<string, string | string[] | undefined>).path ?? '';
  const subPath = (Array.isArray(rawPath) ? rawPath : rawPath.split('/')).filter(Boolean).join('/');
  const trustless = trustlessRequest(ctx);
  if (trustless) {
    // A raw block or a CAR needs no UnixFS reading of the target itself, only the path to it.
    const targetCid = subPath ? (await app.content.resolve(root, subPath)).cid : root;
    untrustedContentHeaders(ctx, targetCid);
    await serveTrustless(ctx, targetCid, trustless, subPath ? { root, path: subPath } : undefined);
    return;
  }
  const target = subPath ? await app.content.resolve(root, subPath) : await statAsTarget(ctx, root);
  untrustedContentHeaders(ctx, target.cid);
  ctx.set('Vary', 'Accept');
  if (ctx.get('If-None-Match') === `"${target.cid}"`) {
    ctx.status = 304;
    return;
  }

  if (target.type === 'directory') {
    const listing = await app.content.ls(target.cid, { limit: LISTING_LIMIT });
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = directoryPage(`/ipfs/${root}${subPath ? `/${subPath}` : ''}`, ctx.path, listing);
    return;
  }

  const requested = typeof ctx.query.filename === 'string' ? ctx.query.filename : null;
  const name = subPath.split('/').pop() || requested;
  const head = await storedHead(app.content, target.cid);
  // Another account's record name may only lend its extension to the content type, never itself.
  ctx.type = await contentTypeFor(name ?? extensionOnly(await app.stores.uploads.anyName(root)), head);
  ctx.set('Accept-Ranges', 'bytes');
  if (ctx.query.download === '1' || ctx.query.download === 'true') {
    const filename = await downloadName(ctx, root, name ?? root);
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    );
  }
  const range = parseRange(ctx.get('Range') || undefined, target.size);
  if (range.kind === 'unsatisfiable') {
    ctx.remove('ETag');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Range', `bytes */${target.size}`);
    throw new AppError(416, 'range_not_satisfiable', 'Requested range not satisfiable');
  }
  const [offset, length] = range.kind === 'partial' ? [range.start, range.end - range.start + 1] : [0, target.size];
  ctx.status = range.kind === 'partial' ? 206 : 200;
  if (range.kind === 'partial') ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${target.size}`);
  ctx.length = length;
  if (ctx.method === 'HEAD') return;
  if (length === 0) {
    ctx.body = '';
    return;
  }
  if (!app.content.catStream) {
    ctx.body = Readable.from(app.content.cat(target.cid, { offset, length }));
    return;
  }
  // A remote engine's read is already a stream from its socket: handed on as it is, or relayed.
  const bytes = await app.content.catStream(target.cid, { offset, length });
  if (bytes.relay) await relayInto(ctx, bytes.relay.bind(bytes));
  else ctx.body = bytes;
}

/**
 * Sends the head set so far, then the bytes `relay` writes into the response itself. The head is
 * out by then: a failure on the way can only cut the answer short, as with a streamed body.
 */
async function relayInto(ctx: Ctx, relay: (destination: ServerResponse) => Promise<void>): Promise<void> {
  ctx.respond = false;
  try {
    await relay(ctx.res);
    ctx.res.end();
  } catch {
    ctx.res.destroy();
  }
}

/**
 * Whether a CID nobody holds may still be served because a held DAG contains its block. Only the
 * codecs the UnixFS reader understands qualify, and never identity CIDs: their "block" is whatever
 * bytes the CID itself carries, chosen by whoever wrote the link.
 */
function servableBlock(cid: CID): boolean {
  return (cid.code === DAG_PB || cid.code === RAW) && cid.multihash.code !== IDENTITY;
}

function extensionOnly(name: string | null | undefined): string | null {
  const dot = name?.lastIndexOf('.') ?? -1;
  return name && dot > 0 ? `file${name.slice(dot)}` : null;
}

async function statAsTarget(ctx: Ctx, cid: string) {
  const stat = await ctx.state.app.content.stat(cid);
  return { cid, type: stat.type, size: stat.size };
}

/** GET and HEAD /ipfs/{cid}[/path]. */
export function gatewayRoutes() {
  const router = new Router<AppState>();
  router.get('/ipfs/:cid{/*path}', serve);
  return router;
}
