import type { Blockstore } from 'interface-blockstore';
import { exporter, type UnixFSDirectory, type UnixFSDirectoryEntry, type UnixFSEntry } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import { cidText } from './cid';
import { ContentNotFoundError, NotADirectoryError, NotAFileError, PathNotFoundError } from './errors';
import type { CatOptions, ContentStat, ContentType, DirectoryListing, LsOptions, ReadOptions } from './types';

/** A directory entry's type and file size, and the exporter's entry of a UnixFS one that is not raw. */
interface Described {
  type: ContentType;
  size: number;
  entry?: UnixFSEntry;
}

/** What the exporter reads blocks through. */
export type BlockReader = Pick<Blockstore, 'get'>;

/**
 * A blockstore for one large sequential read (the embedded engine reads a download's leaves in
 * big windows of their pack); `close` releases what it held.
 */
export interface SequentialBlocks {
  blocks: BlockReader;
  close(): Promise<void>;
}

// Each exporter call reads at most this much: it reads ahead without bound inside one call.
const WINDOW_BYTES = 4 * 1024 * 1024;
const RAW_CODE = 0x55;
const DAG_PB_CODE = 0x70;
/** dag-pb, raw and identity: the codecs UnixFS is made of. */
const UNIXFS_CODES = new Set([0x70, RAW_CODE, 0x00]);

/**
 * Reads UnixFS content through a blockstore: the embedded engine's local blocks (pinned content is
 * complete by construction), or a Kubo node's blocks over its RPC API. Stat, listings and paths
 * mean the same on every engine because they are all walked here.
 */
export class Reader {
  constructor(
    private readonly blockstore: BlockReader,
    private readonly sequential?: () => SequentialBlocks,
  ) {}

  async entry(cid: CID | string, options: ReadOptions = {}, blockstore = this.blockstore): Promise<UnixFSEntry> {
    try {
      return await exporter(cid, blockstore as Blockstore, { signal: options.signal, offline: true });
    } catch (error) {
      throw mapError(error, String(cid));
    }
  }

  async stat(cid: CID, options: ReadOptions = {}): Promise<Omit<ContentStat, 'complete'>> {
    // Other IPLD data is described by its root block; the exporter would decode plain CBOR as dag-cbor.
    if (!UNIXFS_CODES.has(cid.code)) return this.otherData(cid, options);
    const root = await this.unixfsEntry(cid, options);
    if (!root) return this.otherData(cid, options);
    if (root.type !== 'directory') return { cid: cid.toString(), type: typeOf(root), size: sizeOf(root), files: 1 };
    const totals = await this.totals(root, options, new Map());
    return { cid: cid.toString(), type: 'directory', ...totals };
  }

  /** A block that is not UnixFS (a dag-pb node without UnixFS data, dag-cbor, ...): its own bytes, one file. */
  private async otherData(cid: CID, options: ReadOptions): Promise<Omit<ContentStat, 'complete'>> {
    return { cid: cid.toString(), type: 'raw', size: (await this.block(cid, options)).byteLength, files: 1 };
  }

  /** The exporter's entry, or null for a dag-pb node that is not UnixFS (valid dag-pb, other data). */
  private async unixfsEntry(cid: CID, options: ReadOptions): Promise<UnixFSEntry | null> {
    try {
      return await this.entry(cid, options);
    } catch (error) {
      if (cid.code === DAG_PB_CODE && (error as { name?: string })?.name === 'NotUnixFSError') return null;
      throw error;
    }
  }

  /**
   * File bytes and files under a directory, each distinct sub-directory summed once: a folder
   * linking the same sub-folder many times costs one walk of it, not one per link.
   */
  private async totals(
    dir: UnixFSEntry,
    options: ReadOptions,
    seen: Map<string, { size: number; files: number }>,
  ): Promise<{ size: number; files: number }> {
    const key = dir.cid.toString();
    const known = seen.get(key);
    if (known) return known;
    let size = 0;
    let files = 0;
    if (dir.type === 'directory') {
      const described = new Map<string, Described>();
      for await (const link of dir.entries({ signal: options.signal })) {
        const child = await this.describeOnce(link, options, described);
        if (child.type === 'directory' && child.entry) {
          const below = await this.totals(child.entry, options, seen);
          size += below.size;
          files += below.files;
        } else {
          size += child.size;
          files++;
        }
      }
    }
    const result = { size, files };
    seen.set(key, result);
    return result;
  }

  private async block(cid: CID, options: ReadOptions): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    try {
      for await (const chunk of this.blockstore.get(cid, options)) chunks.push(chunk);
    } catch (error) {
      throw mapError(error, cid.toString());
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  /**
   * One level of a directory, or (recursive) every file under it with its relative path. A page
   * walks only as far as its last entry; the total comes from the directory's totals.
   */
  async ls(cid: CID, options: LsOptions): Promise<DirectoryListing> {
    const root = await this.entry(cid, options);
    if (root.type !== 'directory') throw new NotADirectoryError(cid.toString());
    const offset = Math.max(0, options.offset ?? 0);
    const limit = Math.max(0, options.limit ?? 100);
    const entries: DirectoryListing['entries'] = [];
    try {
      if (options.recursive) {
        let at = 0;
        if (limit > 0) {
          for await (const { path, cid: fileCid, type, size } of this.walkFiles(root, '', options)) {
            if (at++ < offset) continue;
            entries.push({ name: path, cid: cidText(fileCid), type, size });
            if (entries.length >= limit) break;
          }
        }
        return { entries, total: (await this.totals(root, options, new Map())).files };
      }
      const described = new Map<string, Described>();
      for await (const link of root.entries({ offset, length: limit, signal: options.signal })) {
        const child = await this.describeOnce(link, options, described);
        entries.push({ name: link.name, cid: cidText(link.cid), type: child.type, size: child.size });
      }
      return { entries, total: await countEntries(root, options) };
    } catch (error) {
      throw mapError(error, cid.toString());
    }
  }

  async resolve(cid: CID, path: string, options: ReadOptions = {}): Promise<{ cid: string; type: ContentType; size: number }> {
    const clean = path.split('/').filter((segment) => segment.length > 0);
    const entry = await this.entry(clean.length === 0 ? cid : `${cid.toString()}/${clean.join('/')}`, options);
    return { cid: entry.cid.toString(), type: typeOf(entry), size: entry.type === 'directory' ? 0 : sizeOf(entry) };
  }

  async *cat(cid: CID, options: CatOptions = {}): AsyncGenerator<Uint8Array> {
    const entry = await this.entry(cid, options);
    if (entry.type === 'directory' || entry.type === 'object') throw new NotAFileError(cid.toString());
    const size = sizeOf(entry);
    const start = Math.min(Math.max(0, options.offset ?? 0), size);
    const end = options.length === undefined ? size : Math.min(size, start + Math.max(0, options.length));
    if (end - start <= WINDOW_BYTES || !this.sequential) {
      yield* this.content(entry, cid, start, end, options);
      return;
    }
    // A large read: its blocks come through the engine's sequential reader.
    const windows = this.sequential();
    try {
      const sequential = await this.entry(cid, options, windows.blocks);
      yield* this.content(sequential, cid, start, end, options);
    } finally {
      await windows.close();
    }
  }

  private async *content(entry: UnixFSEntry, cid: CID, start: number, end: number, options: CatOptions): AsyncGenerator<Uint8Array> {
    if (entry.type === 'directory' || entry.type === 'object') throw new NotAFileError(cid.toString());
    for (let at = start; at < end; at += WINDOW_BYTES) {
      const length = Math.min(WINDOW_BYTES, end - at);
      try {
        for await (const part of entry.content({ offset: at, length, signal: options.signal })) {
          // Local reads never wait on the signal inside the exporter: check it between pieces.
          options.signal?.throwIfAborted();
          yield part;
        }
      } catch (error) {
        throw mapError(error, cid.toString());
      }
    }
  }

  /**
   * Type and file size of a directory entry; raw leaves need no read (their Tsize is their size).
   * A dag-pb entry that is not UnixFS is other data, sized by its block.
   */
  private async describe(link: UnixFSDirectoryEntry, options: ReadOptions): Promise<Described> {
    if (link.cid.code === RAW_CODE) return { type: 'file', size: Number(link.size) };
    const entry = await this.unixfsEntry(link.cid, options);
    if (!entry) return { type: 'raw', size: (await this.block(link.cid, options)).byteLength };
    return { type: typeOf(entry), size: entry.type === 'directory' ? 0 : sizeOf(entry), entry };
  }

  /** `describe`, once per CID of one listing: a folder may link the same content under many names. */
  private async describeOnce(link: UnixFSDirectoryEntry, options: ReadOptions, described: Map<string, Described>): Promise<Described> {
    if (link.cid.code === RAW_CODE) return this.describe(link, options);
    const key = link.cid.toString();
    let child = described.get(key);
    if (!child) {
      child = await this.describe(link, options);
      described.set(key, child);
    }
    return child;
  }

  private async *walkFiles(
    dir: UnixFSEntry,
    prefix: string,
    options: ReadOptions,
  ): AsyncGenerator<{ path: string; cid: CID; type: ContentType; size: number }> {
    if (dir.type !== 'directory') return;
    const described = new Map<string, Described>();
    for await (const link of dir.entries({ signal: options.signal })) {
      const path = prefix === '' ? link.name : `${prefix}/${link.name}`;
      const child = await this.describeOnce(link, options, described);
      if (child.type === 'directory' && child.entry) yield* this.walkFiles(child.entry, path, options);
      else yield { path, cid: link.cid, type: child.type, size: child.size };
    }
  }
}

async function countEntries(dir: UnixFSDirectory, options: ReadOptions): Promise<number> {
  if (dir.unixfs.type !== 'hamt-sharded-directory') return dir.node.Links.length;
  // A sharded directory spreads its entries over shard nodes: count them (links only, no child reads).
  let total = 0;
  for await (const _ of dir.entries({ signal: options.signal })) total++;
  return total;
}

/** Raw leaves are files to a user (Kubo shows a `bafkrei…` upload as a file); `raw` is a non-UnixFS DAG. */
function typeOf(entry: UnixFSEntry): ContentType {
  if (entry.type === 'directory') return 'directory';
  if (entry.type === 'object') return 'raw';
  return 'file';
}

function sizeOf(entry: UnixFSEntry): number {
  return entry.type === 'object' ? (entry.node.byteLength ?? 0) : Number(entry.size);
}

function mapError(error: unknown, cid: string): unknown {
  const code = (error as { code?: string; name?: string })?.code;
  if (error instanceof ContentNotFoundError) return error;
  if (code === 'ERR_NOT_FOUND' || code === 'ERR_BAD_PATH') return new PathNotFoundError(cid);
  // Walking a path below a file (or a raw leaf) has nowhere to go: the path does not exist.
  if (cid.includes('/') && (error as { name?: string })?.name === 'NotUnixFSError') return new PathNotFoundError(cid);
  if ((error as { name?: string })?.name === 'NotFoundError') return new ContentNotFoundError(cid);
  return error;
}
