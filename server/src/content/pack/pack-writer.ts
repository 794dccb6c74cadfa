import { open, rm, type FileHandle } from 'node:fs/promises';
import type { CID } from 'multiformats/cid';
import { EntryEncoder } from './entries';

const FLUSH_BYTES = 4 * 1024 * 1024;
// writev takes at most IOV_MAX (1024) buffers at once on Linux; stay well under it.
const FLUSH_BUFFERS = 512;
const MAX_WRITES_IN_FLIGHT = 2;

/**
 * Appends the blocks of one import (or one pin fetch) to a single pack file. Blocks are gathered
 * and written with one `writev` per few MiB, so the file system sees a few large appends instead
 * of one file per block (what made `blockstore-fs` wait on the thread pool). Nothing here is
 * visible to readers: the pack becomes part of the store only when the index commits its entries.
 */
export class PackWriter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private offset = 0;
  private flushedTo = 0;
  private readonly writes: Array<Promise<void>> = [];
  private readonly seen = new Set<string>();
  private failure: unknown;
  readonly entries = new EntryEncoder();

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(path: string): Promise<PackWriter> {
    return new PackWriter(path, await open(path, 'wx'));
  }

  get bytes(): number {
    return this.offset;
  }

  /** Matches interface-blockstore's `put` so the UnixFS importer can write straight into the pack. */
  async put(cid: CID, bytes: Uint8Array): Promise<CID> {
    this.add(cid.multihash.bytes, bytes);
    if (this.pendingBytes >= FLUSH_BYTES || this.pending.length >= FLUSH_BUFFERS) await this.flush();
    return cid;
  }

  /** Records a block once per pack: the same leaf twice in a file (runs of zeros) is stored once. */
  add(multihash: Uint8Array, bytes: Uint8Array): boolean {
    if (this.failure !== undefined) throw this.failure;
    const key = Buffer.from(multihash.buffer, multihash.byteOffset, multihash.byteLength).toString('base64');
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    this.entries.push(multihash, this.offset, bytes.byteLength);
    this.pending.push(bytes);
    this.pendingBytes += bytes.byteLength;
    this.offset += bytes.byteLength;
    return true;
  }

  hasMultihash(multihash: Uint8Array): boolean {
    return this.seen.has(Buffer.from(multihash.buffer, multihash.byteOffset, multihash.byteLength).toString('base64'));
  }

  async flush(): Promise<void> {
    if (this.pending.length > 0) {
      const buffers = this.pending;
      const position = this.flushedTo;
      this.pending = [];
      this.flushedTo += this.pendingBytes;
      this.pendingBytes = 0;
      const write = this.writeAll(buffers, position).catch((error: unknown) => {
        this.failure ??= error;
      });
      this.writes.push(write);
    }
    // Bounded write-behind: hashing the next blocks overlaps the disk writes of the last ones.
    while (this.writes.length >= MAX_WRITES_IN_FLIGHT) await this.writes.shift();
    if (this.failure !== undefined) throw this.failure;
  }

  /** Writes everything, optionally fsyncs, closes. Returns the encoded entries for the index. */
  async finish(sync: boolean): Promise<{ entries: Uint8Array; bytes: number }> {
    await this.flush();
    await Promise.all(this.writes.splice(0));
    if (this.failure !== undefined) throw this.failure;
    if (sync) await this.handle.datasync();
    await this.handle.close();
    return { entries: this.entries.finish(), bytes: this.offset };
  }

  /** Closes and deletes the pack: an aborted import leaves nothing on disk. */
  async discard(): Promise<void> {
    await Promise.allSettled(this.writes.splice(0));
    await this.handle.close().catch(() => undefined);
    await rm(this.path, { force: true });
  }

  private async writeAll(buffers: Uint8Array[], position: number): Promise<void> {
    let remaining = buffers;
    let at = position;
    // writev may write less than asked; continue from where it stopped.
    while (remaining.length > 0) {
      const { bytesWritten } = await this.handle.writev(remaining, at);
      at += bytesWritten;
      remaining = dropWritten(remaining, bytesWritten);
    }
  }
}

function dropWritten(buffers: Uint8Array[], written: number): Uint8Array[] {
  let left = written;
  let i = 0;
  while (i < buffers.length && left >= buffers[i]!.byteLength) {
    left -= buffers[i]!.byteLength;
    i++;
  }
  const rest = buffers.slice(i);
  if (left > 0 && rest.length > 0) rest[0] = rest[0]!.subarray(left);
  return rest;
}
