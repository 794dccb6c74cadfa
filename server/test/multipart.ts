import crypto from 'node:crypto';

export interface PartSpec {
  filename: string;
  content: Uint8Array | AsyncIterable<Uint8Array>;
  field?: string;
  type?: string;
}

/** A streamed multipart/form-data body (for uploads too big or too odd for FormData). */
export function multipartBody(parts: PartSpec[], options: { truncateAfter?: number } = {}) {
  const boundary = `----cairn${crypto.randomBytes(8).toString('hex')}`;
  const encoder = new TextEncoder();
  async function* generate(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      yield encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      );
      if (part.content instanceof Uint8Array) yield part.content;
      else for await (const chunk of part.content) yield chunk;
      yield encoder.encode('\r\n');
    }
    yield encoder.encode(`--${boundary}--\r\n`);
  }
  async function* limited(): AsyncGenerator<Uint8Array> {
    let sent = 0;
    for await (const chunk of generate()) {
      if (options.truncateAfter !== undefined && sent + chunk.length > options.truncateAfter) {
        yield chunk.subarray(0, options.truncateAfter - sent);
        return;
      }
      sent += chunk.length;
      yield chunk;
    }
  }
  const iterator = limited();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return { body: stream, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `count` chunks of `size` zero bytes, then `extra` more bytes. */
export async function* zeros(total: number, chunk = 4 * 1024 * 1024): AsyncGenerator<Uint8Array> {
  const block = new Uint8Array(chunk);
  let left = total;
  while (left > 0) {
    const n = Math.min(chunk, left);
    yield n === chunk ? block : block.subarray(0, n);
    left -= n;
  }
}
