import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { resumableOwnerFinder } from '../../commands/content/resumable/resumable-owner-finder';
import type { ResumableUploadRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Ctx } from '../../koa-types';

/** Set on a forwarded request, so that an instance never forwards a request a second time. */
const FORWARDED_HEADER = 'x-cairn-forwarded-by';
/** A connection to the owner idle this long (no byte either way) is taken for a lost owner. */
const IDLE_TIMEOUT_MS = 30_000;
/** Headers of one connection, not of the request: the forwarded request has its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host']);

const TUS_HEADERS = { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' };

/** True when this instance must hand the upload's requests to the instance that holds its bytes. */
export function heldElsewhere(ctx: Ctx, row: ResumableUploadRow): boolean {
  return row.instance_id !== null && row.instance_id !== ctx.state.app.instanceId;
}

function copyHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const copy: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) copy[name] = value;
  return copy;
}

/**
 * Streams the request to the instance whose data directory holds the upload's partial file, and
 * its answer back, byte for byte: a PATCH cut on the way in is cut on the owner too, which keeps
 * what arrived. When the owner cannot be reached: 503 with Retry-After while it still beats (a
 * restart), else 410 — its partial file is lost with it, and the upload is made due for the sweep
 * that gives its reserved quota back.
 */
export async function forwardToOwner(ctx: Ctx, row: ResumableUploadRow): Promise<void> {
  const owner = await resumableOwnerFinder(ctx.state.app, row);
  if (!owner) {
    throw new AppError(
      410,
      'upload_lost',
      'The server that held this upload is gone, and its bytes with it: start the upload again',
      undefined,
      TUS_HEADERS,
    );
  }
  if (!ctx.get(FORWARDED_HEADER) && (await relay(ctx, new URL(ctx.originalUrl, owner.url)))) return;
  throw new AppError(503, 'upload_owner_unavailable', 'The server that holds this upload is not reachable: try again shortly', undefined, {
    ...TUS_HEADERS,
    'Retry-After': '5',
  });
}

/** False when no answer came from the owner (nothing was sent to the client yet). */
async function relay(ctx: Ctx, target: URL): Promise<boolean> {
  const headers = { ...copyHeaders(ctx.req.headers), [FORWARDED_HEADER]: ctx.state.app.instanceId };
  const outgoing = http.request(target, { method: ctx.method, headers, timeout: IDLE_TIMEOUT_MS });
  const response = new Promise<http.IncomingMessage | null>((resolve) => {
    outgoing.once('response', resolve);
    outgoing.once('timeout', () => outgoing.destroy());
    outgoing.once('error', (error) => {
      ctx.state.app.logger.warn('resumable upload owner not reachable', { target: target.origin, error: String(error) });
      resolve(null);
    });
  });
  // The body goes on while the owner answers; a client that goes away cuts the owner's request.
  const sent = pipeline(ctx.req, outgoing).catch(() => undefined);
  const answer = await response;
  if (!answer) {
    await sent;
    return false;
  }
  ctx.respond = false;
  ctx.res.writeHead(answer.statusCode ?? 502, copyHeaders(answer.headers));
  await pipeline(answer, ctx.res).catch(() => ctx.res.destroy());
  // An owner that answered before reading the whole body (a refusal) needs no more of it.
  if (!ctx.req.complete) outgoing.destroy();
  return true;
}
