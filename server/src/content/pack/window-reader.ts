import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { CID } from 'multiformats/cid';
import type { BlockLocation } from './pack-index';
import type { PackStore } from './pack-store';
import { acquireSlab, releaseSlab, SLAB_BYTES } from './slabs';

const SECTOR_BYTES = 4096;
/** Blocks this small (DAG nodes) are read alone, through the page cache, which keeps them. */
const MIN_WINDOWED_BYTES = 64 * 1024;
/**
 * Consecutive windows overlap by this much, so that a leaf of the usual 256 KiB chunks never
 * straddles two; a bigger block that does makes the reader start a window at that block.
 */
const OVERLAP_BYTES = 320 * 1024;
const MAX_WINDOWED_BYTES = SLAB_BYTES / 2;
/** Windows read ahead: reading keeps going while one is sent, and a slow read is absorbed. */
const READ_AHEAD = 2;

interface Window {
  pack: number;
  start: number;
  bytes: Uint8Array;
  /** Bytes actually read (less than a slab at the end of a pack). */
  length: number;
  /** Blocks lent out of this window and not given back yet. */
  lent: number;
  /** Moved off: the slab goes back to the pool once nothing is lent out of it. */
  retired: boolean;
}

/**
 * A block's bytes, lent: they stay valid until `done` is called (once), after which the memory
 * holding them may be reused. Whoever keeps the bytes longer copies them first.
 */
export interface LentBlock {
  bytes: Uint8Array;
  done(): void;
}

/**
 * Reads one file's blocks for a sequential download: the leaves of an import lie one after
 * another in its pack, so they are read in 4 MiB windows with O_DIRECT while the next windows are
 * already being read. A cold file is read at the disk's speed without filling the page cache
 * (on a VM, new page-cache pages cost more than the read), and memory stays at three slabs (one
 * more while a block of a window already passed is still lent out).
 * Small blocks, and every block where the file system does not take O_DIRECT, go through the
 * store's ordinary reads.
 */
export class WindowReader {
  private current: Window | undefined;
  /** Windows being read ahead of the current one, in order. */
  private ahead: Array<{ pack: number; start: number; window: Promise<Window> }> = [];
  private readonly handles = new Map<number, Promise<FileHandle | null>>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly store: PackStore) {}

  has(cid: CID): boolean {
    return this.store.has(cid);
  }

  /**
   * The block's bytes, lent out of the window that holds them (no copy), or undefined when the
   * block is not held here. Calls are served in order.
   */
  borrow(cid: CID): Promise<LentBlock | undefined> {
    const result = this.queue.then(() => this.read(cid));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Returns the windows' memory; waits for a read still in flight. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    this.drop(this.current);
    this.current = undefined;
    for (const next of this.ahead.splice(0)) this.drop(await next.window.catch(() => undefined));
    for (const handle of this.handles.values()) await (await handle)?.close().catch(() => undefined);
    this.handles.clear();
  }

  private async read(cid: CID): Promise<LentBlock | undefined> {
    const at = this.store.index.lookup(cid.multihash.bytes);
    if (!this.store.directIo || this.closed || at === undefined || at.length < MIN_WINDOWED_BYTES || at.length > MAX_WINDOWED_BYTES) {
      return this.ownRead(cid);
    }
    if (!(await this.handle(at.pack))) return this.ownRead(cid);
    if (!covers(this.current, at)) await this.moveTo(at);
    const window = this.current!;
    const from = at.offset - window.start;
    // Not copied: the window's slab is kept from reuse until the block is given back.
    window.lent++;
    let given = false;
    return {
      bytes: window.bytes.subarray(from, from + at.length),
      done: () => {
        if (given) return;
        given = true;
        window.lent--;
        releaseIfFree(window);
      },
    };
  }

  /** A block read by the store itself, into memory of its own. */
  private async ownRead(cid: CID): Promise<LentBlock | undefined> {
    const bytes = await this.store.get(cid);
    return bytes === undefined ? undefined : { bytes, done: () => undefined };
  }

  private async moveTo(at: BlockLocation): Promise<void> {
    // The first window read ahead that can hold the block; those before it are not needed.
    const hit = this.ahead.findIndex(
      (next) => next.pack === at.pack && next.start <= at.offset && at.offset + at.length <= next.start + SLAB_BYTES,
    );
    const skipped = this.ahead.splice(0, hit < 0 ? this.ahead.length : hit);
    for (const next of skipped) this.drop(await next.window.catch(() => undefined));
    let window = hit < 0 ? undefined : await this.ahead.shift()!.window;
    if (window && !covers(window, at)) {
      this.drop(window);
      window = undefined;
    }
    window ??= await this.load(at.pack, Math.floor(at.offset / SECTOR_BYTES) * SECTOR_BYTES);
    this.drop(this.current);
    this.current = window;
    if (!covers(window, at)) throw new Error(`pack ${at.pack} is truncated`);
    this.readAhead(window);
  }

  /** Keeps READ_AHEAD windows of the same pack being read after `window`, up to the pack's end. */
  private readAhead(window: Window): void {
    const size = this.store.index.packSize(window.pack);
    let last = this.ahead.at(-1)?.start ?? window.start;
    while (this.ahead.length < READ_AHEAD && last + SLAB_BYTES < size) {
      const start = last + SLAB_BYTES - OVERLAP_BYTES;
      const next = this.load(window.pack, start);
      next.catch(() => undefined); // a failed read-ahead surfaces when (if) it is used
      this.ahead.push({ pack: window.pack, start, window: next });
      last = start;
    }
  }

  private async load(pack: number, start: number): Promise<Window> {
    const handle = (await this.handle(pack))!;
    const bytes = acquireSlab();
    try {
      let length = 0;
      while (length < SLAB_BYTES) {
        const { bytesRead } = await handle.read(bytes, length, SLAB_BYTES - length, start + length);
        if (bytesRead === 0) break;
        length += bytesRead;
        // Direct reads stop short only at the end of the file (on a sector boundary or not).
        if (length % SECTOR_BYTES !== 0) break;
      }
      return { pack, start, bytes, length, lent: 0, retired: false };
    } catch (error) {
      releaseSlab(bytes);
      throw error;
    }
  }

  private handle(pack: number): Promise<FileHandle | null> {
    let handle = this.handles.get(pack);
    if (!handle) {
      // Null if the pack cannot be opened so: the store's reads serve it.
      handle = open(this.store.packPath(pack), constants.O_RDONLY | constants.O_DIRECT).catch(() => null);
      this.handles.set(pack, handle);
    }
    return handle;
  }

  private drop(window: Window | undefined): void {
    if (!window) return;
    window.retired = true;
    releaseIfFree(window);
  }
}

/** A window's slab goes back to the pool once the reader has moved off it and nothing is lent out of it. */
function releaseIfFree(window: Window): void {
  if (window.retired && window.lent === 0) releaseSlab(window.bytes);
}

function covers(window: Window | undefined, at: BlockLocation): boolean {
  return (
    window !== undefined && window.pack === at.pack && at.offset >= window.start && at.offset + at.length <= window.start + window.length
  );
}
