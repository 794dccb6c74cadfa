import type { CID } from 'multiformats/cid';
import { AppError } from '../lib/errors';
import { CBOR, DAG_CBOR, DAG_JSON, JSON_CODEC } from './blocks';
import { acceptsHtml, MEDIA_TYPES, type Format } from './format';
import type { GatewayRequest } from './gateway-request';
import { downloadQuery, IMMUTABLE, notModified, redirectToSlash, sendGeneratedPage, setCacheControl, setDisposition } from './headers';
import { dagPage, DAG_PAGE_VERSION } from './dag-page';
import { mountedPath } from './mount';
import { bytesSource, sendBytes } from './send-bytes';

/** The format each document codec is sent as by default, and the ones it may be sent as unchanged. */
const DOCUMENT_FORMATS = new Map<number, { own: Format; also: Format[] }>([
  [JSON_CODEC, { own: 'json', also: [] }],
  [CBOR, { own: 'cbor', also: [] }],
  [DAG_JSON, { own: 'dag-json', also: ['json'] }],
  [DAG_CBOR, { own: 'dag-cbor', also: ['cbor'] }],
]);

/** The block of the CID as it is stored: verifiable by its CID, so always a download. */
export async function serveRawBlock(request: GatewayRequest, cid: CID, bytes: Uint8Array): Promise<void> {
  const { ctx } = request;
  const etag = `"${cid}.raw"`;
  ctx.set('ETag', etag);
  setCacheControl(ctx, IMMUTABLE);
  setDisposition(ctx, 'attachment', downloadQuery(ctx).filename ?? `${cid}.bin`);
  if (notModified(ctx, etag)) return;
  await sendBytes(ctx, bytesSource(bytes), MEDIA_TYPES.raw);
}

/**
 * A dag-json, dag-cbor, json or cbor document: its block as it is, under the content type of its
 * codec or of a format the codec is a dialect of (dag-json as json). Codecs are never converted
 * into one another (IPIP-524): asking for another is a 406. A browser asking for a DAG gets an
 * HTML preview instead.
 */
export async function serveDocument(request: GatewayRequest, cid: CID, bytes: Uint8Array): Promise<void> {
  const { ctx } = request;
  const formats = DOCUMENT_FORMATS.get(cid.code)!;
  const requested = request.format.format;
  if (requested !== null && requested !== formats.own && !formats.also.includes(requested)) {
    throw notConvertible(requested, cid);
  }
  const format = requested ?? formats.own;
  const { filename, download } = downloadQuery(ctx);
  if (requested === null && (cid.code === DAG_JSON || cid.code === DAG_CBOR) && acceptsHtml(ctx) && !download) {
    return servePreview(request, cid, bytes);
  }
  const etag = `"${cid}.${format}"`;
  ctx.set('ETag', etag);
  setCacheControl(ctx, IMMUTABLE);
  const json = format === 'json' || format === 'dag-json';
  // JSON can be shown by a browser; CBOR is opaque bytes.
  setDisposition(ctx, download || !json ? 'attachment' : 'inline', filename ?? `${cid}.${json ? 'json' : 'cbor'}`);
  if (notModified(ctx, etag)) return;
  await sendBytes(ctx, bytesSource(bytes), MEDIA_TYPES[format]);
}

/** Codecs are never converted: dag-pb as dag-json, or dag-cbor as dag-json, is a 406. */
export function notConvertible(format: Format, cid: CID): AppError {
  return new AppError(
    406,
    'not_acceptable',
    `${format} was asked for, but ${cid} is of another codec: codecs are not converted; fetch the block with ?format=raw and convert it yourself`,
  );
}

async function servePreview(request: GatewayRequest, cid: CID, bytes: Uint8Array): Promise<void> {
  const { ctx } = request;
  if (!ctx.path.endsWith('/')) return redirectToSlash(ctx, mountedPath(request.mount, request.segments));
  await sendGeneratedPage(ctx, `"DagIndex-${DAG_PAGE_VERSION}_CID-${cid}"`, () => dagPage(ctx.path, cid, bytes));
}
