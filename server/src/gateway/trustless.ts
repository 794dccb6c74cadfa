import { Readable } from 'node:stream';
import { CID } from 'multiformats/cid';
import type { Ctx } from '../koa-types';
import { carStream } from './car-stream';
import { dagBlocks } from './dag-walk';
import { pathBlocks } from './path-blocks';
import { CAR_TYPE, RAW_TYPE, type TrustlessRequest } from './trustless-request';

/**
 * The verifiable answers of the trustless gateway: a block's bytes, or a CARv1 of the DAG under
 * `cid`. Every byte can be checked against its CID by the client, so they are always downloads.
 */
export async function serveTrustless(
  ctx: Ctx,
  cid: string,
  request: TrustlessRequest,
  from?: { root: string; path: string },
): Promise<void> {
  const parsed = CID.parse(cid);
  const etag = request.format === 'raw' ? `"${cid}.raw"` : `"${cid}.car.${carVariant(request)}"`;
  ctx.set('ETag', etag);
  ctx.set('Vary', 'Accept');
  ctx.set('Content-Disposition', `attachment; filename="${cid}.${request.format === 'raw' ? 'bin' : 'car'}"`);
  if (ctx.get('If-None-Match') === etag) {
    ctx.status = 304;
    return;
  }
  if (request.format === 'raw') {
    const bytes = await ctx.state.app.content.block(cid);
    ctx.type = RAW_TYPE;
    // Koa sends no body for HEAD, but keeps the Content-Length of the one GET would send.
    ctx.body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return;
  }
  ctx.type = `${CAR_TYPE}; version=1; order=dfs; dups=n`;
  if (ctx.method === 'HEAD') {
    ctx.status = 200;
    return;
  }
  // The root block must be here before a 200 is promised; a block missing later cuts the stream.
  await ctx.state.app.content.block(cid);
  const aborted = new AbortController();
  ctx.res.once('close', () => aborted.abort());
  const content = ctx.state.app.content;
  // Under a path, the CAR names the CID of the URL and proves the way down from it first.
  const root = from ? CID.parse(from.root) : parsed;
  const path = from ? await pathBlocks(content, root, from.path, aborted.signal) : [];
  ctx.body = Readable.from(carStream(root, dagBlocks(content, parsed, request.scope, request.bytes, aborted.signal, path)));
}

/** What sets one CAR of a CID apart from another: the scope and the byte range. */
function carVariant(request: Extract<TrustlessRequest, { format: 'car' }>): string {
  const range = request.bytes ? `.${request.bytes.from}-${request.bytes.to ?? '*'}` : '';
  return `dfs.n.${request.scope}${range}`;
}
