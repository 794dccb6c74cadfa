import type { FromWorker } from './protocol';

/** Kubo's chunk size (`unixfs-v0-2015`): the leaves of a file cut its bytes every 256 KiB. */
export const LEAF_BYTES = 262_144;

/**
 * Sends the pieces of a raw-leaf file back to the main thread once every leaf cut from them is
 * hashed and copied into the pack, for the next pieces to be written into: without it each GiB
 * uploaded allocates a GiB on one thread and leaves it as garbage on the other, which the
 * collector lets grow by tens of MB before it runs.
 *
 * Safe only for raw leaves: a leaf's bytes are read again by nothing once written (a dag-pb leaf
 * keeps them in its UnixFS data, so CIDv0 imports never recycle). A piece whose leaves were not
 * all cut from it in place (the chunker joined two pieces) is never sent back, only collected.
 */
export class PieceRecycler {
  /** Each piece being imported, with the number of its leaves still to write. */
  private readonly pieces = new Map<ArrayBufferLike, number>();

  constructor(
    private readonly pieceBytes: number,
    private readonly send: (message: FromWorker, transfer: ArrayBuffer[]) => void,
  ) {}

  /** A piece arrived; pieces start on a leaf boundary (all but a file's last are whole pieces). */
  received(bytes: Uint8Array): void {
    if (bytes.buffer.byteLength !== this.pieceBytes || bytes.byteOffset !== 0) return;
    this.pieces.set(bytes.buffer, Math.ceil(bytes.byteLength / LEAF_BYTES));
  }

  /** A leaf was hashed and copied into the pack. */
  leafWritten(leaf: Uint8Array): void {
    const left = this.pieces.get(leaf.buffer);
    if (left === undefined) return;
    if (left > 1) {
      this.pieces.set(leaf.buffer, left - 1);
      return;
    }
    this.pieces.delete(leaf.buffer);
    const buffer = leaf.buffer as ArrayBuffer;
    this.send({ type: 'recycle', buffer }, [buffer]);
  }
}
