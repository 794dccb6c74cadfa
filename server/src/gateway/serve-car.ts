import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { CID } from 'multiformats/cid';
import { carContentType, carParams, carVariant } from './car-params';
import { carStream } from './car-stream';
import { dagBlocks } from './dag-walk';
import type { GatewayRequest } from './gateway-request';
import { downloadQuery, IMMUTABLE, notModified, pathEscape, setCacheControl, setDisposition } from './headers';

/**
 * A CARv1 of what the path names: the blocks that prove the way down from the CID of the URL
 * first, then the DAG below as `dag-scope`, `entity-bytes` and `dups` ask. Every block can be
 * checked against its CID, so the CAR is always a download and never a range.
 */
export async function serveCar(request: GatewayRequest, target: CID): Promise<void> {
  const { ctx, resolved } = request;
  const params = carParams(ctx, request.format.params);
  // One ETag per path and variant: the same CID of the URL under another path is another CAR.
  const variant = crypto
    .createHash('sha256')
    .update(`${request.segments.join('/')}\0${carVariant(params)}`)
    .digest('base64url')
    .slice(0, 16);
  const etag = `W/"${request.root}.car.${variant}"`;
  ctx.set('ETag', etag);
  setCacheControl(ctx, IMMUTABLE);
  ctx.set('Accept-Ranges', 'none');
  const last = request.segments.at(-1);
  setDisposition(ctx, 'attachment', downloadQuery(ctx).filename ?? `${request.root}${last ? `_${pathEscape(last)}` : ''}.car`);
  if (notModified(ctx, etag)) return;
  ctx.type = carContentType(params);
  ctx.status = 200;
  if (ctx.method === 'HEAD') return;
  const blocks = request.blocks;
  // The target's own block must be here before a 200 is promised; a block missing later cuts the stream.
  await blocks.get(target);
  ctx.body = Readable.from(
    carStream(
      request.root,
      dagBlocks((cid) => blocks.read(cid), target, { ...params, signal: blocks.signal, path: resolved.proof }),
    ),
  );
}
