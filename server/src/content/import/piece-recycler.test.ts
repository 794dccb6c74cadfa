import { describe, expect, it } from 'vitest';
import { LEAF_BYTES, PieceRecycler } from './piece-recycler';
import type { FromWorker } from './protocol';

const PIECE = 4 * LEAF_BYTES;

function recycler() {
  const sent: Array<{ message: FromWorker; transfer: ArrayBuffer[] }> = [];
  return { sent, pieces: new PieceRecycler(PIECE, (message, transfer) => sent.push({ message, transfer })) };
}

const leaves = (piece: Uint8Array) =>
  Array.from({ length: Math.ceil(piece.byteLength / LEAF_BYTES) }, (_, i) => piece.subarray(i * LEAF_BYTES, (i + 1) * LEAF_BYTES));

describe('PieceRecycler', () => {
  it('sends a piece back once every leaf cut from it is written, and only then', () => {
    const { sent, pieces } = recycler();
    const piece = new Uint8Array(PIECE);
    pieces.received(piece);
    const [first, ...rest] = leaves(piece);
    for (const leaf of rest) pieces.leafWritten(leaf);
    expect(sent).toHaveLength(0);
    pieces.leafWritten(first!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toMatchObject({ type: 'recycle' });
    expect(sent[0]!.transfer).toEqual([piece.buffer]);
  });

  it("counts a file's shorter last piece by the leaves in it", () => {
    const { sent, pieces } = recycler();
    const last = new Uint8Array(PIECE).subarray(0, LEAF_BYTES + 10);
    pieces.received(last);
    const cut = leaves(last);
    expect(cut).toHaveLength(2);
    cut.forEach((leaf) => pieces.leafWritten(leaf));
    expect(sent).toHaveLength(1);
  });

  it('never sends back what it did not see arrive whole: other sizes, views inside a buffer, joined leaves', () => {
    const { sent, pieces } = recycler();
    const small = new Uint8Array(LEAF_BYTES);
    pieces.received(small);
    pieces.leafWritten(small);
    const inner = new Uint8Array(PIECE + LEAF_BYTES).subarray(LEAF_BYTES);
    pieces.received(inner);
    leaves(inner).forEach((leaf) => pieces.leafWritten(leaf));
    const piece = new Uint8Array(PIECE);
    pieces.received(piece);
    pieces.leafWritten(new Uint8Array(LEAF_BYTES)); // a leaf the chunker copied out of two pieces
    expect(sent).toHaveLength(0);
  });
});
