/** Passes a byte stream through while keeping its first `size` bytes (for magic-byte sniffing). */
export function headCapture(source: AsyncIterable<Uint8Array>, size = 4100) {
  const head = new Uint8Array(size);
  let filled = 0;
  async function* stream(): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      if (filled < size) {
        const take = Math.min(size - filled, chunk.byteLength);
        head.set(chunk.subarray(0, take), filled);
        filled += take;
      }
      yield chunk;
    }
  }
  return { stream: stream(), head: () => head.subarray(0, filled) };
}
