/**
 * Compact list of (multihash, offset, length) for the blocks written to one pack. A worker sends
 * it to the main thread as one transferable buffer instead of thousands of small objects.
 * Record: u8 multihash length, multihash, u48 offset, u32 length.
 */
export interface PackEntry {
  multihash: Uint8Array;
  offset: number;
  length: number;
}

export class EntryEncoder {
  private buffer = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  count = 0;

  push(multihash: Uint8Array, offset: number, length: number): void {
    const size = 1 + multihash.byteLength + 6 + 4;
    if (this.used + size > this.buffer.byteLength) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buffer.byteLength * 2, this.used + size));
      this.buffer.copy(bigger, 0, 0, this.used);
      this.buffer = bigger;
    }
    let at = this.used;
    this.buffer.writeUInt8(multihash.byteLength, at);
    this.buffer.set(multihash, at + 1);
    at += 1 + multihash.byteLength;
    this.buffer.writeUIntLE(offset, at, 6);
    this.buffer.writeUInt32LE(length, at + 6);
    this.used = at + 10;
    this.count++;
  }

  finish(): Uint8Array {
    // A copy of exactly the used bytes, so it can be transferred to another thread on its own.
    return new Uint8Array(this.buffer.subarray(0, this.used));
  }
}

export function* decodeEntries(encoded: Uint8Array): Generator<PackEntry> {
  const view = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
  let at = 0;
  while (at < view.byteLength) {
    const mhLength = view.readUInt8(at);
    const multihash = view.subarray(at + 1, at + 1 + mhLength);
    at += 1 + mhLength;
    const offset = view.readUIntLE(at, 6);
    const length = view.readUInt32LE(at + 6);
    at += 10;
    yield { multihash, offset, length };
  }
}
