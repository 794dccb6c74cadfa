import type * as dagPb from '@ipld/dag-pb';
import { exporter } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import { clientError } from '../lib/error-answers';
import type { GatewayBlocks } from './blocks';
import type { GatewayRequest } from './gateway-request';
import { redirectToSlash, sendGeneratedPage } from './headers';
import { directoryPage, LISTING_VERSION, type ListingEntry } from './listing';
import { resolvePath } from './resolve-path';
import { serveFile } from './serve-file';
import { mountedPath } from './mount';
import { nodeKind } from './unixfs-node';

/** Entries a listing shows; the page says how many more there are. */
const LISTING_LIMIT = 1000;

/**
 * A UnixFS directory, as web servers answer one: at a URL ending in `/` (else a 301 there), its
 * `index.html` when it has one, else a generated listing.
 */
export async function serveDirectory(request: GatewayRequest, dir: CID, node: dagPb.PBNode, sharded: boolean): Promise<void> {
  const { ctx } = request;
  if (!ctx.path.endsWith('/')) return redirectToSlash(ctx, mountedPath(request.mount, request.segments));
  const index = await indexFile(request.blocks, dir, node, sharded);
  if (index) {
    const kind = nodeKind(index.cid, index.bytes);
    if (kind.kind === 'file') return serveFile(request, index.cid, index.bytes, kind.size, dir);
  }
  await sendGeneratedPage(ctx, `"DirIndex-${LISTING_VERSION}_CID-${dir}"`, async () => {
    const { entries, total } = await listEntries(request.blocks, dir, node, sharded);
    return directoryPage({
      mount: request.mount,
      segments: request.segments,
      dir: dir.toString(),
      dagSize: node.Links.reduce((sum, link) => sum + (link.Tsize ?? 0), 0),
      entries,
      total,
      linkQuery: ctx.state.accessLink ? `?token=${encodeURIComponent(String(ctx.query.token))}` : undefined,
    });
  });
}

async function indexFile(
  blocks: GatewayBlocks,
  dir: CID,
  node: dagPb.PBNode,
  sharded: boolean,
): Promise<{ cid: CID; bytes: Uint8Array } | null> {
  let cid: CID | undefined;
  if (!sharded) cid = node.Links.find((link) => link.Name === 'index.html')?.Hash;
  else {
    try {
      cid = (await resolvePath(blocks, dir, ['index.html'])).target;
    } catch (error) {
      if (clientError(error)?.status !== 404) throw error;
    }
  }
  return cid ? { cid, bytes: await blocks.get(cid) } : null;
}

/** The directory's links as it lists them (a HAMT's shards walked), without reading the entries themselves. */
async function listEntries(
  blocks: GatewayBlocks,
  dir: CID,
  node: dagPb.PBNode,
  sharded: boolean,
): Promise<{ entries: ListingEntry[]; total: number }> {
  if (!sharded) {
    const entries = node.Links.slice(0, LISTING_LIMIT).map((link) => ({
      name: link.Name ?? '',
      cid: link.Hash.toString(),
      size: link.Tsize ?? 0,
    }));
    return { entries, total: node.Links.length };
  }
  const store = {
    async *get(cid: CID) {
      yield await blocks.read(cid);
    },
  };
  const directory = await exporter(dir, store, { signal: blocks.signal });
  const entries: ListingEntry[] = [];
  let total = 0;
  if (directory.type !== 'directory') return { entries, total };
  for await (const entry of directory.entries({ signal: blocks.signal })) {
    if (entries.length < LISTING_LIMIT) entries.push({ name: entry.name, cid: entry.cid.toString(), size: Number(entry.size) });
    total++;
  }
  return { entries, total };
}
