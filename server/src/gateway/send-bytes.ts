import crypto from 'node:crypto';
import { setCacheControl } from './headers';
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ContentStream } from '../content/types';
import { AppError } from '../lib/errors';
import type { Ctx } from '../koa-types';
import { parseRange, type ByteRange } from './range';

/** Bytes of a known size that can be read from any offset: a file, or a block. */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<ContentStream | Iterable<Uint8Array> | AsyncIterable<Uint8Array>>;
}

/** A block (or any bytes in memory) as a source. */
export const bytesSource = (bytes: Uint8Array): ByteSource => ({
  size: bytes.byteLength,
  read: async (offset, length) => [Buffer.from(bytes.buffer, bytes.byteOffset + offset, length)],
});

/**
 * Sends `source` whole (200), one range of it (206 with `Content-Range`), or several ranges as
 * `multipart/byteranges`; 416 when no range falls inside it. The caller has set every other header.
 */
export async function sendBytes(ctx: Ctx, source: ByteSource, contentType: string): Promise<void> {
  ctx.set('Accept-Ranges', 'bytes');
  const range = parseRange(ctx.get('Range') || undefined, source.size);
  if (range.kind === 'unsatisfiable') {
    ctx.remove('ETag');
    setCacheControl(ctx, 'no-store');
    ctx.set('Content-Range', `bytes */${source.size}`);
    throw new AppError(416, 'range_not_satisfiable', 'Requested range not satisfiable');
  }
  if (range.kind === 'partial' && range.ranges.length > 1) return sendMultipart(ctx, source, contentType, range.ranges);
  const [start, end] = range.kind === 'partial' ? [range.ranges[0]!.start, range.ranges[0]!.end] : [0, source.size - 1];
  ctx.set('Content-Type', contentType);
  ctx.status = range.kind === 'partial' ? 206 : 200;
  if (range.kind === 'partial') ctx.set('Content-Range', `bytes ${start}-${end}/${source.size}`);
  const length = end - start + 1;
  ctx.length = length;
  if (ctx.method === 'HEAD') return;
  if (length === 0) {
    ctx.body = '';
    return;
  }
  const bytes = await source.read(start, length);
  if ('relay' in bytes && bytes.relay) await relayInto(ctx, bytes.relay.bind(bytes));
  else ctx.body = bytes instanceof Readable ? bytes : Readable.from(bytes as Iterable<Uint8Array>);
}

async function sendMultipart(ctx: Ctx, source: ByteSource, contentType: string, ranges: ByteRange[]): Promise<void> {
  const boundary = crypto.randomBytes(12).toString('hex');
  const heads = ranges.map(
    (range, i) =>
      `${i === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Type: ${contentType}\r\nContent-Range: bytes ${range.start}-${range.end}/${source.size}\r\n\r\n`,
  );
  const tail = `\r\n--${boundary}--\r\n`;
  ctx.status = 206;
  ctx.set('Content-Type', `multipart/byteranges; boundary=${boundary}`);
  ctx.length =
    heads.reduce((sum, head) => sum + Buffer.byteLength(head), 0) +
    ranges.reduce((sum, range) => sum + range.end - range.start + 1, 0) +
    Buffer.byteLength(tail);
  if (ctx.method === 'HEAD') return;
  async function* parts(): AsyncGenerator<Uint8Array> {
    for (const [i, range] of ranges.entries()) {
      yield Buffer.from(heads[i]!);
      for await (const chunk of await source.read(range.start, range.end - range.start + 1)) yield chunk as Uint8Array;
    }
    yield Buffer.from(tail);
  }
  ctx.body = Readable.from(parts());
}

/**
 * Sends the head set so far, then the bytes `relay` writes into the response itself. The head is
 * out by then: a failure on the way can only cut the answer short, as with a streamed body.
 */
async function relayInto(ctx: Ctx, relay: (destination: ServerResponse) => Promise<void>): Promise<void> {
  ctx.respond = false;
  try {
    await relay(ctx.res);
    ctx.res.end();
  } catch {
    ctx.res.destroy();
  }
}
