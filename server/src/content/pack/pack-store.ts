import { mkdirSync } from 'node:fs';
import { open, readdir, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { CID } from 'multiformats/cid';
import { PRIVATE_DIR_MODE, privateFile } from '../../lib/private-files';
import { supportsDirectIo } from './direct-io';
import { PackIndex } from './pack-index';
import { PackWriter } from './pack-writer';

const MAX_OPEN_PACKS = 64;
const IDENTITY = 0x00;
/** Reads still in flight on a pack file that is going away get this long before its handle closes. */
const HANDLE_GRACE_MS = 1000;
/**
 * A pack is rewritten when more than half of it is blocks nobody holds any more, and at least this
 * much would be given back: smaller gains are not worth the writing.
 */
const MIN_RECLAIM_BYTES = 256 * 1024;
const COMPACTION_DELAY_MS = 100;

/**
 * The block store: append-only pack files (one per import or pin fetch) plus a SQLite index of
 * where each block lives and which pinned roots hold it. A block is read with one positioned read.
 * A pack whose blocks are all unpinned is deleted at once; one left mostly dead (its other blocks
 * still held by other pins) is compacted in the background: its live blocks are copied to a new
 * pack, the index points at the copies, and the old file goes.
 */
export class PackStore {
  readonly index: PackIndex;
  private readonly packDir: string;
  private readonly handles = new Map<number, Promise<FileHandle>>();
  private compaction: Promise<void> = Promise.resolve();
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private closing = false;

  /** `durable`: packs and index commits reach the disk before they count (see `EmbeddedContentStoreOptions.fsync`). */
  constructor(
    dir: string,
    private readonly durable = true,
  ) {
    this.packDir = path.join(dir, 'packs');
    mkdirSync(this.packDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // Created private before SQLite opens it: SQLite gives its -wal and -shm files the same mode.
    const index = path.join(dir, 'index.sqlite');
    privateFile(index, [`${index}-wal`, `${index}-shm`]);
    this.index = new PackIndex(index, durable);
  }

  /** Whether packs are written and large files read with O_DIRECT (probed by `recover`). */
  directIo = false;

  /**
   * Settles direct I/O (probing the file system unless told); deletes what a crash left
   * half-written and pack files the index no longer knows; queues compaction of packs left
   * mostly dead.
   */
  async recover(directIo?: boolean): Promise<void> {
    this.directIo = directIo ?? (await supportsDirectIo(this.packDir));
    for (const id of this.index.writingPacks()) {
      await rm(this.packPath(id), { force: true });
      this.index.dropPack(id);
    }
    // A pack dropped from the index whose file a stop kept from being deleted.
    const known = this.index.packIds();
    for (const name of await readdir(this.packDir)) {
      const id = /^(\d+)\.pack$/.exec(name)?.[1];
      if (id !== undefined && !known.has(Number(id))) await rm(path.join(this.packDir, name), { force: true });
    }
    this.compactIfWorthIt(this.index.mostlyDeadPacks(MIN_RECLAIM_BYTES));
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

  /**
   * Queues compaction of those of `packs` that are mostly dead. It starts a moment later, so that
   * the packs a burst of deletions touched are each looked at once; `compacted()` waits for it.
   */
  compactIfWorthIt(packs: number[]): void {
    if (this.closing) return;
    for (const id of packs) this.pending.add(id);
    if (this.pending.size > 0) this.timer ??= setTimeout(() => this.startPending(), COMPACTION_DELAY_MS).unref();
  }

  /** Starts what is queued at once and resolves when every compaction so far has run. */
  compacted(): Promise<void> {
    this.startPending();
    return this.compaction;
  }

  private startPending(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const id of this.pending) {
      this.compaction = this.compaction.then(async () => {
        const usage = this.index.packUsage(id);
        if (this.closing || !usage || usage.live * 2 >= usage.size || usage.size - usage.live < MIN_RECLAIM_BYTES) return;
        // A failed compaction changes nothing: the old pack stays as it was and is tried again later.
        await this.compact(id).catch(() => undefined);
      });
    }
    this.pending.clear();
  }

  /** Copies the pack's live blocks into a new pack, points the index at them, deletes the old file. */
  async compact(id: number): Promise<void> {
    const blocks = this.index.blocksIn(id);
    if (blocks.length === 0) return;
    const { id: to, writer } = await this.createWriter();
    let finished: { entries: Uint8Array; bytes: number };
    try {
      const source = await open(this.packPath(id), 'r');
      try {
        for (const block of blocks) {
          writer.add(block.mh, await readFully(source, block.offset, block.length, id));
          await writer.flush();
        }
      } finally {
        await source.close();
      }
      finished = await writer.finish(this.durable);
    } catch (error) {
      await writer.discard();
      this.index.dropPack(to);
      throw error;
    }
    const { fromEmpty, toEmpty } = this.index.relocate(id, to, finished.entries, finished.bytes);
    if (toEmpty) await this.deletePackFile(to);
    if (fromEmpty) await this.retirePackFile(id);
  }

  /** Deletes a pack file that reads may still be using: open handles keep working for a moment. */
  private async retirePackFile(id: number): Promise<void> {
    const handle = this.handles.get(id);
    this.handles.delete(id);
    if (handle) setTimeout(() => void handle.then((h) => h.close()).catch(() => undefined), HANDLE_GRACE_MS).unref();
    await rm(this.packPath(id), { force: true });
  }

  has(cid: CID): boolean {
    return cid.multihash.code === IDENTITY || this.index.hasBlock(cid.multihash.bytes);
  }

  /** The block's bytes, or undefined when it is not held here. */
  async get(cid: CID): Promise<Uint8Array | undefined> {
    if (cid.multihash.code === IDENTITY) return cid.multihash.digest;
    for (let attempt = 0; ; attempt++) {
      const at = this.index.lookup(cid.multihash.bytes);
      if (at === undefined) return undefined;
      try {
        return await readFully(await this.handle(at.pack), at.offset, at.length, at.pack);
      } catch (error) {
        // Compaction moved the block and deleted its old pack between the lookup and the open.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
      }
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.timer);
    this.pending.clear();
    await this.compaction;
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

async function readFully(handle: FileHandle, offset: number, length: number, pack: number): Promise<Uint8Array> {
  const bytes = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(bytes, read, length - read, offset + read);
    if (bytesRead === 0) throw new Error(`pack ${pack} is truncated`);
    read += bytesRead;
  }
  return bytes;
}
