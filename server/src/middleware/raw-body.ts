import { AppError } from '../lib/errors';
import type { Ctx } from '../koa-types';

/**
 * The request body exactly as received, at most `limit` bytes, for callers that must check a
 * signature over the bytes before trusting (or parsing) them.
 */
export async function readRawBody(ctx: Ctx, limit: number): Promise<Buffer> {
  if (Number(ctx.get('Content-Length') || 0) > limit) throw new AppError(413, 'payload_too_large', `Request body exceeds ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      ctx.req.unpipe();
      ctx.req.resume();
      ctx.set('Connection', 'close');
      throw new AppError(413, 'payload_too_large', `Request body exceeds ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
