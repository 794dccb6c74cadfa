import getRawBody from 'raw-body';
import { AppError } from '../lib/errors';
import type { Ctx } from '../koa-types';

/**
 * The request body exactly as received, at most `limit` bytes (raw-body counts while it streams
 * and refuses a larger declared length at once), for callers that must check a signature over the
 * bytes before trusting (or parsing) them.
 */
export async function readRawBody(ctx: Ctx, limit: number): Promise<Buffer> {
  const length = ctx.get('Content-Length');
  try {
    return await getRawBody(ctx.req, { limit, length: length === '' ? undefined : length });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 413) {
      ctx.set('Connection', 'close');
      throw new AppError(413, 'payload_too_large', `Request body exceeds ${limit} bytes`);
    }
    // A request cut short: nobody is left to read the answer.
    throw new AppError(400, 'bad_request', 'The request body could not be read');
  }
}
