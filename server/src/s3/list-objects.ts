import type { S3BucketRow, S3ObjectRow } from '../db/schema';
import { ownerOf } from './buckets';
import { s3Errors } from './errors';
import type { S3Ctx } from './types';
import { toXml, type XmlValue } from './xml';

const MAX_KEYS = 1000;
/** Queries one listing may make (each common prefix skips its keys with one): bounds the work of a request. */
const MAX_QUERIES = 2 * MAX_KEYS + 2;

type Entry = { object: S3ObjectRow } | { prefix: string };

/** Where to resume: after a key already listed, or from the first key past a common prefix. */
interface Cursor {
  from: string;
  exclusive: boolean;
}

/** The first string in byte order past every string that begins with `prefix` (its last code point plus one). */
function pastPrefix(prefix: string): string {
  const points = [...prefix];
  const last = points.pop()!.codePointAt(0)!;
  return points.join('') + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
}

/**
 * Up to `max` entries of the bucket from `cursor`: keys beginning with `prefix`, those with the
 * delimiter after the prefix rolled up into one common prefix each (skipped over with one query,
 * not read), and whether more follow.
 */
async function listing(
  ctx: S3Ctx,
  bucket: S3BucketRow,
  prefix: string,
  delimiter: string,
  cursor: Cursor,
  max: number,
): Promise<{ entries: Entry[]; truncated: boolean }> {
  if (max === 0) return { entries: [], truncated: false };
  const store = ctx.state.app.stores.s3Buckets;
  const entries: Entry[] = [];
  let at = cursor;
  for (let query = 0; query < MAX_QUERIES && entries.length <= max; query++) {
    const limit = max + 1 - entries.length;
    const rows = await store.page(bucket.id, { prefix, from: at.from, exclusive: at.exclusive, limit });
    let skipped = false;
    for (const row of rows) {
      const rest = row.key.slice(prefix.length);
      const cut = delimiter ? rest.indexOf(delimiter) : -1;
      if (cut === -1) {
        entries.push({ object: row });
        at = { from: row.key, exclusive: true };
      } else {
        const common = prefix + rest.slice(0, cut + delimiter.length);
        entries.push({ prefix: common });
        at = { from: pastPrefix(common), exclusive: false };
        skipped = true;
        break;
      }
      if (entries.length > max) break;
    }
    if (!skipped && rows.length < limit) return { entries, truncated: false };
  }
  return { entries: entries.slice(0, max), truncated: entries.length > max };
}

function maxKeys(raw: unknown): number {
  if (raw === undefined) return MAX_KEYS;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw))
    throw s3Errors.invalidArgument('Provided max-keys not an integer or within integer range', 'max-keys', String(raw));
  return Math.min(value, MAX_KEYS);
}

const text = (raw: unknown): string => (typeof raw === 'string' ? raw : '');

interface Common {
  prefix: string;
  delimiter: string;
  max: number;
  encode: (value: string) => string;
  encodingType: string | undefined;
}

function common(ctx: S3Ctx): Common {
  const encodingType = ctx.query['encoding-type'];
  if (encodingType !== undefined && encodingType !== 'url')
    throw s3Errors.invalidArgument('Invalid Encoding Method specified in Request', 'encoding-type', text(encodingType));
  return {
    prefix: text(ctx.query.prefix),
    delimiter: text(ctx.query.delimiter),
    max: maxKeys(ctx.query['max-keys']),
    encode: encodingType === 'url' ? (value) => encodeURIComponent(value).replace(/%2F/g, '/') : (value) => value,
    encodingType: encodingType === 'url' ? 'url' : undefined,
  };
}

function contents(entries: Entry[], encode: (value: string) => string, owner?: XmlValue) {
  const objects = entries.flatMap((entry) => ('object' in entry ? [entry.object] : []));
  const prefixes = entries.flatMap((entry) => ('prefix' in entry ? [entry.prefix] : []));
  return {
    Contents: objects.map((row) => ({
      Key: encode(row.key),
      LastModified: row.last_modified,
      ETag: row.etag,
      Size: Number(row.size),
      ...(owner ? { Owner: owner } : {}),
      StorageClass: 'STANDARD',
    })),
    CommonPrefixes: prefixes.map((prefix) => ({ Prefix: encode(prefix) })),
  };
}

/** Continuation tokens are opaque to clients: where the next page starts, encoded. */
const tokenOf = (cursor: Cursor): string => Buffer.from(JSON.stringify([cursor.from, cursor.exclusive])).toString('base64url');

function cursorOf(token: string): Cursor {
  try {
    const [from, exclusive] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof from === 'string' && typeof exclusive === 'boolean') return { from, exclusive };
  } catch {
    // Refused below.
  }
  throw s3Errors.invalidArgument('The continuation token provided is incorrect', 'continuation-token', token);
}

/** Where the page after `last` begins. */
const after = (last: Entry): Cursor =>
  'object' in last ? { from: last.object.key, exclusive: true } : { from: pastPrefix(last.prefix), exclusive: false };

export async function listObjectsV2(ctx: S3Ctx, bucket: S3BucketRow | null): Promise<void> {
  const options = common(ctx);
  const token = ctx.query['continuation-token'];
  const startAfter = text(ctx.query['start-after']);
  const cursor = typeof token === 'string' ? cursorOf(token) : { from: startAfter, exclusive: true };
  const { entries, truncated } = await listing(ctx, bucket!, options.prefix, options.delimiter, cursor, options.max);
  const body: Record<string, XmlValue> = {
    Name: bucket!.name,
    Prefix: options.encode(options.prefix),
    ...(options.delimiter ? { Delimiter: options.encode(options.delimiter) } : {}),
    MaxKeys: options.max,
    KeyCount: entries.length,
    IsTruncated: truncated,
    ...(typeof token === 'string' ? { ContinuationToken: token } : {}),
    ...(truncated ? { NextContinuationToken: tokenOf(after(entries.at(-1)!)) } : {}),
    ...(startAfter ? { StartAfter: options.encode(startAfter) } : {}),
    ...(options.encodingType ? { EncodingType: options.encodingType } : {}),
    ...contents(entries, options.encode, ctx.query['fetch-owner'] === 'true' ? ownerOf(ctx) : undefined),
  };
  ctx.type = 'application/xml';
  ctx.body = toXml('ListBucketResult', body);
}

/** ListObjects (version 1): `marker` is the last key seen; a common prefix as marker skips the keys under it. */
export async function listObjectsV1(ctx: S3Ctx, bucket: S3BucketRow | null): Promise<void> {
  const options = common(ctx);
  const marker = text(ctx.query.marker);
  const rolledUp =
    options.delimiter !== '' &&
    marker.startsWith(options.prefix) &&
    marker.endsWith(options.delimiter) &&
    marker.length > options.prefix.length;
  const cursor = rolledUp ? { from: pastPrefix(marker), exclusive: false } : { from: marker, exclusive: true };
  const { entries, truncated } = await listing(ctx, bucket!, options.prefix, options.delimiter, cursor, options.max);
  const last = entries.at(-1);
  const body: Record<string, XmlValue> = {
    Name: bucket!.name,
    Prefix: options.encode(options.prefix),
    Marker: options.encode(marker),
    ...(options.delimiter ? { Delimiter: options.encode(options.delimiter) } : {}),
    MaxKeys: options.max,
    IsTruncated: truncated,
    ...(truncated && options.delimiter && last ? { NextMarker: options.encode('object' in last ? last.object.key : last.prefix) } : {}),
    ...(options.encodingType ? { EncodingType: options.encodingType } : {}),
    ...contents(entries, options.encode, ownerOf(ctx)),
  };
  ctx.type = 'application/xml';
  ctx.body = toXml('ListBucketResult', body);
}
