import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { CID } from 'multiformats/cid';
import { authenticatePrincipal } from '../auth/authenticate';
import { grants, limitedGroup } from '../auth/scopes';
import { recordNameReader } from '../commands/content/record-name-reader';
import { HEAD_BYTES } from '../content/head-capture';
import { bearer } from '../middleware/auth';
import { DAG_PB } from './blocks';
import { contentTypeFor } from './content-type';
import { lastSegment, type GatewayRequest } from './gateway-request';
import { downloadQuery, IMMUTABLE, notModified, setCacheControl, setDisposition } from './headers';
import { bytesSource, sendBytes, type ByteSource } from './send-bytes';

/**
 * A UnixFS file: its bytes, with ranges, typed by its name's extension or else its first bytes.
 * `etagCid` is the CID the answer is known by (a directory's, when this is its index.html).
 */
export async function serveFile(request: GatewayRequest, file: CID, block: Uint8Array, size: number, etagCid = file): Promise<void> {
  const { ctx } = request;
  const etag = `"${etagCid}"`;
  ctx.set('ETag', etag);
  setCacheControl(ctx, IMMUTABLE);
  if (notModified(ctx, etag)) return;
  const { filename } = downloadQuery(ctx);
  const name = etagCid === file ? (filename ?? lastSegment(request)) : 'index.html';
  await setFileDisposition(request, name ?? file.toString());
  const source = fileSource(request, file, block, size);
  const type = await contentTypeFor(name, () => head(source), size <= HEAD_BYTES);
  await sendBytes(ctx, source, type);
}

/** A UnixFS symlink answers its target path as bytes (it is not followed). */
export async function serveSymlink(request: GatewayRequest, link: CID, target: Uint8Array): Promise<void> {
  const { ctx } = request;
  const etag = `"${link}"`;
  ctx.set('ETag', etag);
  setCacheControl(ctx, IMMUTABLE);
  if (notModified(ctx, etag)) return;
  await sendBytes(ctx, bytesSource(target), 'inode/symlink');
}

/** `?filename=` names the download (`?download=true` makes it an attachment); `?download=1` alone, the caller's own record. */
async function setFileDisposition(request: GatewayRequest, fallback: string): Promise<void> {
  const { ctx } = request;
  const { filename, download } = downloadQuery(ctx);
  if (filename) setDisposition(ctx, download ? 'attachment' : 'inline', filename);
  else if (download) setDisposition(ctx, 'attachment', (await ownRecordName(request)) ?? fallback);
}

/** The signed-in caller's own name for the CID of the URL, never another account's. */
async function ownRecordName(request: GatewayRequest): Promise<string | null> {
  const credential = bearer(request.ctx);
  if (!credential || request.segments.length > 0) return null;
  const app = request.ctx.state.app;
  const found = await authenticatePrincipal(app, credential, request.ctx.ip).catch(() => null);
  // A token without `files:read` may not read the account's records: answered as anonymous. One
  // limited to a group reads the names of that group's records only.
  if (!found || !grants(found.auth, 'files:read', 'group')) return null;
  return recordNameReader(app, found.user.id, request.root.toString(), limitedGroup(found.auth) ?? undefined);
}

/** Where a file's bytes come from: the block itself when it holds them all, else the engine's read. */
function fileSource(request: GatewayRequest, file: CID, block: Uint8Array, size: number): ByteSource {
  const inline = inlineBytes(file, block);
  if (inline) return bytesSource(inline);
  const content = request.ctx.state.app.content;
  const signal = request.blocks.signal;
  return {
    size,
    read: (offset, length) => content.catStream(file.toString(), { offset, length, signal }),
  };
}

/** A raw leaf, or a UnixFS file node with no links: its data is the whole file. */
function inlineBytes(file: CID, block: Uint8Array): Uint8Array | null {
  if (file.code !== DAG_PB) return block;
  const node = dagPb.decode(block);
  if (node.Links.length > 0 || !node.Data) return null;
  return UnixFS.unmarshal(node.Data).data ?? new Uint8Array();
}

async function head(source: ByteSource): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of await source.read(0, Math.min(HEAD_BYTES, source.size))) chunks.push(chunk as Uint8Array);
  return Buffer.concat(chunks);
}
