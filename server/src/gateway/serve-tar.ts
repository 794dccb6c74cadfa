import { once } from 'node:events';
import path from 'node:path/posix';
import { Readable } from 'node:stream';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { CID } from 'multiformats/cid';
import tarStream from 'tar-stream';
import { AppError } from '../lib/errors';
import type { GatewayBlocks } from './blocks';
import type { GatewayRequest } from './gateway-request';
import { downloadQuery, IMMUTABLE, notModified, setCacheControl, setDisposition } from './headers';
import { nodeKind, type NodeKind } from './unixfs-node';
import { exporter } from 'ipfs-unixfs-exporter';

interface TarEntry {
  name: string;
  cid: CID;
}

interface ReadEntry extends TarEntry {
  bytes: Uint8Array;
  kind: NodeKind;
}

const outsideRoot = () =>
  new AppError(400, 'path_outside_root', 'An entry of this directory names a path outside it (with ..): fetch it as a CAR instead');

/**
 * A UnixFS file or directory as a tar archive, named by its CID at the top. Entry names are
 * checked before anything is sent: one that leads outside the top (`../x`) is a 400, never an
 * archive that would write outside the folder it is unpacked in.
 */
export async function serveTar(request: GatewayRequest, target: CID): Promise<void> {
  const { ctx, blocks } = request;
  const etag = `W/"${target}.x-tar"`;
  ctx.set('ETag', etag);
  setCacheControl(ctx, IMMUTABLE);
  setDisposition(ctx, 'attachment', downloadQuery(ctx).filename ?? `${target}.tar`);
  if (notModified(ctx, etag)) return;
  const top = target.toString();
  for await (const _ of entries(blocks, { name: top, cid: target }, top)) {
    // The first walk only checks every name; the archive is written by the second.
  }
  ctx.type = 'application/x-tar';
  ctx.status = 200;
  if (ctx.method === 'HEAD') return;
  const pack = tarStream.pack();
  void write(request, pack, top, target).catch((error: unknown) => pack.destroy(error as Error));
  ctx.body = Readable.from(pack);
}

async function write(request: GatewayRequest, pack: tarStream.Pack, top: string, target: CID): Promise<void> {
  const { blocks } = request;
  const content = request.ctx.state.app.content;
  for await (const { kind, ...entry } of entries(blocks, { name: top, cid: target }, top)) {
    const meta = metadata(entry.cid, entry.bytes);
    if (kind.kind === 'directory') {
      await add(pack, { name: `${entry.name}/`, type: 'directory', mode: meta.mode ?? 0o755, mtime: meta.mtime });
    } else if (kind.kind === 'symlink') {
      await add(pack, {
        name: entry.name,
        type: 'symlink',
        linkname: Buffer.from(kind.target).toString('utf8'),
        mode: meta.mode ?? 0o777,
        mtime: meta.mtime,
      });
    } else if (kind.kind === 'file') {
      const stream = pack.entry({ name: entry.name, type: 'file', size: kind.size, mode: meta.mode ?? 0o644, mtime: meta.mtime });
      const finished = once(stream, 'finish');
      for await (const chunk of content.cat(entry.cid.toString(), { signal: blocks.signal })) {
        if (!stream.write(chunk)) await once(stream, 'drain');
      }
      stream.end(undefined);
      await finished;
    }
  }
  pack.finalize();
}

function add(pack: tarStream.Pack, header: Partial<tarStream.Header> & { name: string }): Promise<void> {
  return new Promise((resolve, reject) => pack.entry(header, (error) => (error ? reject(error) : resolve())));
}

/**
 * Every entry under `root`, depth first, each named by its path from the top and read; a name
 * outside the top, or a node that is not UnixFS, throws.
 */
async function* entries(blocks: GatewayBlocks, root: TarEntry, top: string): AsyncGenerator<ReadEntry> {
  const stack = [root];
  while (stack.length > 0) {
    blocks.signal?.throwIfAborted();
    const entry = stack.pop()!;
    if (entry.name !== top && !entry.name.startsWith(`${top}/`)) throw outsideRoot();
    const bytes = await blocks.read(entry.cid);
    const kind = nodeKind(entry.cid, bytes);
    if (kind.kind === 'other' || kind.kind === 'document') {
      throw new AppError(400, 'not_unixfs', `${entry.cid} is not UnixFS: fetch it as a CAR instead`);
    }
    yield { ...entry, bytes, kind };
    if (kind.kind !== 'directory') continue;
    const children: TarEntry[] = [];
    for await (const child of directoryLinks(blocks, entry.cid, kind.node, kind.sharded)) {
      children.push({ name: path.normalize(`${entry.name}/${child.name}`), cid: child.cid });
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}

async function* directoryLinks(
  blocks: GatewayBlocks,
  dir: CID,
  node: dagPb.PBNode,
  sharded: boolean,
): AsyncGenerator<{ name: string; cid: CID }> {
  if (!sharded) {
    for (const link of node.Links) yield { name: link.Name ?? '', cid: link.Hash };
    return;
  }
  const directory = await exporter(
    dir,
    {
      async *get(cid: CID) {
        yield await blocks.read(cid);
      },
    },
    { signal: blocks.signal },
  );
  if (directory.type !== 'directory') return;
  for await (const entry of directory.entries({ signal: blocks.signal })) yield { name: entry.name, cid: entry.cid };
}

/** UnixFS 1.5 mode and mtime, when the node has them; else now, as other gateways date their archives. */
function metadata(cid: CID, bytes: Uint8Array): { mode?: number; mtime: Date } {
  if (cid.code !== 0x70) return { mtime: new Date() };
  try {
    const node = dagPb.decode(bytes);
    const unixfs = node.Data ? UnixFS.unmarshal(node.Data) : undefined;
    const mtime = unixfs?.mtime ? new Date(Number(unixfs.mtime.secs) * 1000) : new Date();
    return { mode: unixfs?.mode, mtime };
  } catch {
    return { mtime: new Date() };
  }
}
