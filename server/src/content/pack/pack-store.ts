import { mkdirSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { CID } from 'multiformats/cid';
import { supportsDirectIo } from './direct-io';
import { PackIndex } from './pack-index';
import { PackWriter } from './pack-writer';

const MAX_OPEN_PACKS = 64;
const IDENTITY = 0x00;

/**
 * The block store: append-only pack files (one per import or pin fetch) plus a SQLite index of
 * where each block lives and which pinned roots hold it. A block is read with one positioned read.
 */
export class PackStore {
  readonly index: PackIndex;
  private readonly packDir: string;
  private readonly handles = new Map<number, Promise<FileHandle>>();

  /** `durable`: index commits reach the disk before they return (see `EmbeddedContentStoreOptions.fsync`). */
  constructor(dir: string, durable = true) {
    this.packDir = path.join(dir, 'packs');
    mkdirSync(this.packDir, { recursive: true });
    this.index = new PackIndex(path.join(dir, 'index.sqlite'), durable);
  }

  /** Whether packs are written and large files read with O_DIRECT (probed by `recover`). */
  directIo = false;

  /** Deletes what a crash left half-written; settles direct I/O (probing the file system unless told). */
  async recover(directIo?: boolean): Promise<void> {
    this.directIo = directIo ?? (await supportsDirectIo(this.packDir));
    for (const id of this.index.writingPacks()) {
      await rm(this.packPath(id), { force: true });
      this.index.dropPack(id);
    }
  }

  packPath(id: number): string {
    return path.join(this.packDir, `${id}.pack`);
  }

  /** Reserves a pack id and path for a writer (in this thread or in an import worker). */
  reservePack(): { id: number; path: string } {
    const id = this.index.newPack();
    return { id, path: this.packPath(id) };
  }

  async createWriter(): Promise<{ id: number; writer: PackWriter }> {
    const { id, path: file } = this.reservePack();
    return { id, writer: await PackWriter.create(file, this.directIo) };
  }

  async dropPack(id: number): Promise<void> {
    this.index.dropPack(id);
    await this.deletePackFile(id);
  }

  async deletePackFile(id: number): Promise<void> {
    const handle = this.handles.get(id);
    this.handles.delete(id);
    if (handle) await (await handle.catch(() => undefined))?.close().catch(() => undefined);
    await rm(this.packPath(id), { force: true });
  }

  has(cid: CID): boolean {
    return cid.multihash.code === IDENTITY || this.index.hasBlock(cid.multihash.bytes);
  }

  /** The block's bytes, or undefined when it is not held here. */
  async get(cid: CID): Promise<Uint8Array | undefined> {
    if (cid.multihash.code === IDENTITY) return cid.multihash.digest;
    const at = this.index.lookup(cid.multihash.bytes);
    if (at === undefined) return undefined;
    const handle = await this.handle(at.pack);
    const bytes = Buffer.allocUnsafe(at.length);
    let read = 0;
    while (read < at.length) {
      const { bytesRead } = await handle.read(bytes, read, at.length - read, at.offset + read);
      if (bytesRead === 0) throw new Error(`pack ${at.pack} is truncated`);
      read += bytesRead;
    }
    return bytes;
  }

  async close(): Promise<void> {
    const handles = [...this.handles.values()];
    this.handles.clear();
    await Promise.all(handles.map(async (h) => (await h.catch(() => undefined))?.close().catch(() => undefined)));
    this.index.close();
  }

  private handle(id: number): Promise<FileHandle> {
    let handle = this.handles.get(id);
    if (handle) {
      // Map order doubles as recency: re-insert on use, evict from the front.
      this.handles.delete(id);
      this.handles.set(id, handle);
      return handle;
    }
    handle = open(this.packPath(id), 'r');
    handle.catch(() => this.handles.delete(id));
    this.handles.set(id, handle);
    if (this.handles.size > MAX_OPEN_PACKS) {
      const [oldestId, oldest] = this.handles.entries().next().value as [number, Promise<FileHandle>];
      this.handles.delete(oldestId);
      // Let in-flight reads on it finish before closing.
      setTimeout(() => void oldest.then((h) => h.close()).catch(() => undefined), 1000).unref();
    }
    return handle;
  }
}
