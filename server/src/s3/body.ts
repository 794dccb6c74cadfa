import { S3Error } from './errors';
import type { S3Ctx } from './types';

/** S3's cap on the `x-amz-meta-*` headers of one object: names and values together. */
const USER_META_MAX_BYTES = 2048;

/** A request body S3 keeps small (an XML document), read whole: more than `max` bytes is refused. */
export async function smallBody(ctx: S3Ctx, max = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of ctx.state.payload) {
    total += chunk.byteLength;
    if (total > max) throw new S3Error('MaxMessageLengthExceeded', 400, 'Your request was too big.');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's `x-amz-meta-*` headers (names in lower case, without the prefix). */
export function userMeta(ctx: S3Ctx): Record<string, string> {
  const meta: Record<string, string> = {};
  let bytes = 0;
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (!name.startsWith('x-amz-meta-') || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : value;
    const key = name.slice('x-amz-meta-'.length);
    bytes += Buffer.byteLength(key) + Buffer.byteLength(text);
    meta[key] = text;
  }
  if (bytes > USER_META_MAX_BYTES) {
    throw new S3Error('MetadataTooLarge', 400, 'Your metadata headers exceed the maximum allowed metadata size.', {
      MaxSizeAllowed: USER_META_MAX_BYTES,
    });
  }
  return meta;
}
