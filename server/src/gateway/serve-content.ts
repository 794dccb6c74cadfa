import { egressGuard } from '../commands/bandwidth/egress-guard';
import { servedContentChecker } from '../commands/content/served-content-checker';
import { linkOpener } from '../commands/links/link-opener';
import { AppError, notFound } from '../lib/errors';
import type { Ctx } from '../koa-types';
import { GatewayBlocks, isIdentity, parseGatewayCid } from './blocks';
import { countBody } from './count-bytes';
import { requestedFormat } from './format';
import type { GatewayRequest } from './gateway-request';
import { gatewayCors, setRoots, untrustedContent } from './headers';
import type { Mount } from './mount';
import { resolvePath } from './resolve-path';
import { notConvertible, serveDocument, serveRawBlock } from './serve-block';
import { serveCar } from './serve-car';
import { serveDirectory } from './serve-directory';
import { serveFile, serveSymlink } from './serve-file';
import { serveTar } from './serve-tar';
import { nodeKind } from './unixfs-node';

/**
 * What every gateway read does first, on any host: the CORS and untrusted-content headers (for
 * `ownOrigin`, a host whose origin holds one root alone), and the per-IP request limit.
 */
export async function gatewayHeaders(ctx: Ctx, ownOrigin = false): Promise<void> {
  gatewayCors(ctx);
  untrustedContent(ctx, ownOrigin);
  ctx.set('Vary', 'Accept');
  // After the CORS headers, so that a page refused for its rate can read why and for how long.
  await ctx.state.app.requestLimits.byIp('gateway', ctx.ip);
}

/**
 * The path gateway (files, directories, documents) and the trustless gateway (raw blocks, CARs)
 * for the root `rootText` and the decoded `segments` below it, over content this deployment
 * holds, never fetched from the network; `mount` says where the root answers.
 */
export async function serveContent(ctx: Ctx, rootText: string, segments: string[], mount: Mount): Promise<void> {
  const app = ctx.state.app;
  const root = parseGatewayCid(rootText);
  const format = requestedFormat(ctx);
  ctx.set('X-Ipfs-Path', mount.base === '' ? `${mount.contentPath}${ctx.path}` : ctx.path);
  if (mount.maxAgeSeconds !== null) ctx.state.named = { maxAgeSeconds: mount.maxAgeSeconds };
  const key = root.toString();
  // One CID fetched by a crowd of addresses is limited too, as on the public gateways; the key is
  // the parsed CID, so its other spellings share the count.
  await app.requestLimits.byCid(key);
  // Not an open proxy: only content pinned by some account, or inside such a DAG, is served; and
  // what only private records hold, only through a signed link. Private content is refused as
  // content not stored here is, so a refusal does not tell that this deployment holds the CID.
  const served = isIdentity(root) ? 'served' : await servedContentChecker(app, key);
  const token = typeof ctx.query.token === 'string' ? ctx.query.token : null;
  if (served === 'absent' || (served === 'private' && token === null)) {
    if (/\bonly-if-cached\b/i.test(ctx.get('Cache-Control'))) {
      throw new AppError(412, 'not_cached', 'This content is not stored here');
    }
    throw notFound('not_found', 'This content is not stored here');
  }
  if (token !== null) {
    ctx.state.accessLink = await linkOpener(app, token, key);
    // The token must not travel on to whatever the content links to.
    ctx.set('Referrer-Policy', 'no-referrer');
  }
  await meterBandwidth(ctx, key, served === 'served' && !isIdentity(root));
  const aborted = new AbortController();
  ctx.res.once('close', () => aborted.abort());
  const blocks = new GatewayBlocks(app.content, aborted.signal);
  const resolved = await resolvePath(blocks, root, segments);
  setRoots(ctx, resolved.roots);
  const request: GatewayRequest = { ctx, blocks, rootText, root, mount, segments, resolved, format };
  if (format.format === 'car') return serveCar(request, resolved.target);
  if (resolved.remainder.length > 0) {
    throw new AppError(
      501,
      'not_implemented',
      `/${resolved.remainder.join('/')} is a value inside ${resolved.target}, not a link: fetch the whole document instead`,
    );
  }
  const target = resolved.target;
  const bytes = await blocks.get(target);
  if (format.format === 'raw') return serveRawBlock(request, target, bytes);
  const kind = nodeKind(target, bytes);
  if (format.format === 'tar') return serveTar(request, target);
  if (kind.kind === 'document') return serveDocument(request, target, bytes);
  // A UnixFS answer, also for `json` and `cbor` (which name a document's codec, not a conversion).
  if (format.format === 'dag-json' || format.format === 'dag-cbor') throw notConvertible(format.format, target);
  switch (kind.kind) {
    case 'file':
      return serveFile(request, target, bytes, kind.size);
    case 'directory':
      return serveDirectory(request, target, kind.node, kind.sharded);
    case 'symlink':
      return serveSymlink(request, target, kind.target);
    default:
      throw new AppError(
        501,
        'not_implemented',
        `${target} is not UnixFS and has no codec this gateway renders: fetch it with ?format=raw or ?format=car`,
      );
  }
}

/**
 * Charges the answer to a record: a signed link's own record, else the record some account holds
 * this root CID by (a block inside a DAG, or content no record holds, is charged to nobody); and
 * refuses it first when that account is past a blocking allowance.
 */
async function meterBandwidth(ctx: Ctx, rootCid: string, public_: boolean): Promise<void> {
  const app = ctx.state.app;
  if (!app.bandwidth.options.enabled) return;
  const link = ctx.state.accessLink;
  const record = link ? { uploadId: link.uploadId, userId: link.userId } : public_ ? await app.bandwidth.chargedRecord(rootCid) : null;
  if (!record) return;
  await egressGuard(app, record);
  countBody(ctx.res, app.bandwidth, record);
}

/** A preflight, or any OPTIONS: the gateway's CORS rules, which are the same for every path and host. */
export function gatewayOptions(ctx: Ctx): void {
  gatewayCors(ctx);
  ctx.set('Allow', 'GET, HEAD, OPTIONS');
  ctx.set('Access-Control-Max-Age', '86400');
  ctx.status = 204;
}
