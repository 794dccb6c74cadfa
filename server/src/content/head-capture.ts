import type { ContentStore } from './types';

/** Enough leading bytes for every magic-byte signature the category and content-type checks use. */
export const HEAD_BYTES = 4100;

/** Passes a byte stream through while keeping its first `size` bytes (for magic-byte sniffing). */
export function headCapture(source: AsyncIterable<Uint8Array>, size = HEAD_BYTES) {
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

/** The first bytes of a stored file. */
export async function storedHead(content: ContentStore, cid: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of content.cat(cid, { offset: 0, length: HEAD_BYTES })) chunks.push(chunk);
  return Buffer.concat(chunks);
}
