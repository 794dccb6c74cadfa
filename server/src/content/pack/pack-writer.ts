import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CID } from 'multiformats/cid';
import { PRIVATE_FILE_MODE } from '../../lib/private-files';
import { EntryEncoder } from './entries';
import { acquireSlab, releaseSlab, SLAB_BYTES } from './slabs';

/** Direct I/O moves whole sectors: offsets and lengths are multiples of this. */
const SECTOR_BYTES = 4096;
const MAX_WRITES_IN_FLIGHT = 2;
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;

interface Write {
  slab: Uint8Array;
  done: Promise<void>;
}

/**
 * Appends the blocks of one import (or one pin fetch) to a single pack file. Blocks are copied
 * into 4 MiB slabs, and each full slab is written with O_DIRECT while the next one fills: the
 * page cache is skipped, which on a VM costs more than hashing (every new page of it is first
 * touched memory), and the importer never waits on the disk unless two slabs are still being
 * written. Where the file system does not take O_DIRECT, the same writes go through the page cache.
 * Nothing here is visible to readers: the pack becomes part of the store only when the index
 * commits its entries.
 */
export class PackWriter {
  private slab: Uint8Array = acquireSlab();
  private filled = 0;
  private offset = 0;
  /** File position where the slab being filled starts. */
  private slabStart = 0;
  private readonly writes: Write[] = [];
  private readonly seen = new Set<string>();
  private failure: unknown;
  private closed = false;
  readonly entries = new EntryEncoder();

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private readonly direct: boolean,
  ) {}

  /** `direct`: the store found that its file system takes O_DIRECT (see `supportsDirectIo`). */
  static async create(path: string, direct: boolean): Promise<PackWriter> {
    if (direct) return new PackWriter(path, await open(path, CREATE | constants.O_DIRECT, PRIVATE_FILE_MODE), true);
    return new PackWriter(path, await open(path, CREATE, PRIVATE_FILE_MODE), false);
  }

  get bytes(): number {
    return this.offset;
  }

  /** Matches interface-blockstore's `put` so the UnixFS importer can write straight into the pack. */
  async put(cid: CID, bytes: Uint8Array): Promise<CID> {
    this.add(cid.multihash.bytes, bytes);
    await this.flush();
    return cid;
  }

  /** Records a block once per pack: the same leaf twice in a file (runs of zeros) is stored once. */
  add(multihash: Uint8Array, bytes: Uint8Array): boolean {
    if (this.failure !== undefined) throw this.failure;
    const key = Buffer.from(multihash.buffer, multihash.byteOffset, multihash.byteLength).toString('base64');
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    this.entries.push(multihash, this.offset, bytes.byteLength);
    this.offset += bytes.byteLength;
    let at = 0;
    while (at < bytes.byteLength) {
      const take = Math.min(bytes.byteLength - at, SLAB_BYTES - this.filled);
      this.slab.set(bytes.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === SLAB_BYTES) this.writeSlab();
    }
    return true;
  }

  hasMultihash(multihash: Uint8Array): boolean {
    return this.seen.has(Buffer.from(multihash.buffer, multihash.byteOffset, multihash.byteLength).toString('base64'));
  }

  /** Waits while too many slabs are still being written (bounded memory), and reports a failed write. */
  async flush(): Promise<void> {
    while (this.writes.length >= MAX_WRITES_IN_FLIGHT) await this.settleOldest();
    if (this.failure !== undefined) throw this.failure;
  }

  /** Writes everything, optionally fsyncs, closes. Returns the encoded entries for the index. */
  async finish(sync: boolean): Promise<{ entries: Uint8Array; bytes: number }> {
    if (this.filled > 0) {
      // The last slab is written whole sectors long; the padding is cut off again below.
      const length = this.direct ? Math.ceil(this.filled / SECTOR_BYTES) * SECTOR_BYTES : this.filled;
      this.slab.fill(0, this.filled, length);
      this.writeSlab(length);
    }
    while (this.writes.length > 0) await this.settleOldest();
    if (this.failure !== undefined) throw this.failure;
    if (this.direct) await this.handle.truncate(this.offset);
    if (sync) {
      await this.handle.datasync();
      await syncDirectory(dirname(this.path));
    }
    await this.close();
    return { entries: this.entries.finish(), bytes: this.offset };
  }

  /** Closes and deletes the pack: an aborted import leaves nothing on disk. */
  async discard(): Promise<void> {
    while (this.writes.length > 0) await this.settleOldest();
    await this.close();
    await rm(this.path, { force: true });
  }

  private writeSlab(length = SLAB_BYTES): void {
    const slab = this.slab;
    const done = this.writeAll(slab.subarray(0, length), this.slabStart).catch((error: unknown) => {
      this.failure ??= error;
    });
    this.writes.push({ slab, done });
    this.slabStart += length;
    this.slab = acquireSlab();
    this.filled = 0;
  }

  private async settleOldest(): Promise<void> {
    const write = this.writes.shift()!;
    await write.done;
    releaseSlab(write.slab);
  }

  private async writeAll(bytes: Uint8Array, position: number): Promise<void> {
    let at = 0;
    // A write may stop short (a signal, a full disk); go on from where it stopped.
    while (at < bytes.byteLength) {
      const { bytesWritten } = await this.handle.write(bytes, at, bytes.byteLength - at, position + at);
      if (bytesWritten === 0) throw new Error(`no progress writing ${this.path}`);
      at += bytesWritten;
    }
  }

  private async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    releaseSlab(this.slab);
    await this.handle.close().catch(() => undefined);
  }
}

/** A new file survives a power cut only once the directory that names it is on disk too. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
