import crypto from 'node:crypto';
import { isStorableText, MAX_FILE_BYTES, META_KEYS_MAX, metaProblem } from '@cairn/shared';
import { egressGuard } from '../commands/bandwidth/egress-guard';
import { cleanFolderPath } from '../commands/content/content-recorder';
import { fileUploader } from '../commands/content/file-uploader';
import type { QuotaReservation } from '../commands/quota/lib/quota-reservation';
import type { S3BucketRow, S3ObjectRow, UploadRow } from '../db/schema';
import { countBody } from '../gateway/count-bytes';
import { sendBytes } from '../gateway/send-bytes';
import type { Ctx } from '../koa-types';
import { isUniqueViolation, retryOnDeadlock } from '../lib/db-errors';
import { AppError } from '../lib/errors';
import { nowIso } from '../lib/time';
import { smallBody, userMeta } from './body';
import { S3Error, s3Errors } from './errors';
import { forgetKey, replaceKey } from './object-keys';
import type { S3Ctx } from './types';
import { uploadSlot } from './upload-slot';
import { fromXml, toXml } from './xml';

/** S3's cap on a key: 1,024 bytes of UTF-8. */
const KEY_MAX_BYTES = 1024;
/** What DeleteObjects takes at once, as S3. */
const DELETE_MAX_KEYS = 1000;
const DEFAULT_TYPE = 'binary/octet-stream';

export interface StoreOptions {
  contentType: string;
  /** The `x-amz-meta-*` headers, kept with the key and given to the record as key-values where they fit. */
  meta: Record<string, string>;
  /** The ETag to keep (a multipart upload's); the MD5 of the bytes when absent. */
  etag?: string;
  /** Quota already reserved for these bytes (a multipart upload's parts). */
  reservation?: QuotaReservation;
}

export interface StoredObject {
  etag: string;
  cid: string;
  uploadId: string;
}

/** A key S3 would take and a database can keep. */
export function checkKey(key: string): void {
  if (Buffer.byteLength(key) > KEY_MAX_BYTES) throw new S3Error('KeyTooLongError', 400, 'Your key is too long');
  if (!isStorableText(key)) throw s3Errors.invalidArgument('Object keys may not contain NUL or unpaired surrogates', 'key', '');
}

/** The key-values a record takes from user metadata: those within Cairn's key-value rules. */
function recordMeta(meta: Record<string, string>): Record<string, string> {
  const fitting = Object.entries(meta).filter(([key, value]) => metaProblem({ [key]: value }) === null);
  return Object.fromEntries(fitting.slice(0, META_KEYS_MAX));
}

/** Hashes the bytes with MD5 as they pass (an object's ETag). */
function md5Of(source: AsyncIterable<Uint8Array>): { bytes: AsyncIterable<Uint8Array>; etag: () => string } {
  const hash = crypto.createHash('md5');
  let digest: string | null = null;
  return {
    bytes: (async function* () {
      for await (const chunk of source) {
        hash.update(chunk);
        yield chunk;
      }
      digest = hash.digest('hex');
    })(),
    etag: () => {
      if (digest === null) throw new Error('The object was not read to its end');
      return `"${digest}"`;
    },
  };
}

/** Aborts when the client goes away before its body has arrived, or when the server stops. */
function disconnectSignal(ctx: S3Ctx): AbortSignal {
  const controller = new AbortController();
  ctx.req.once('close', () => {
    if (!ctx.req.complete) controller.abort(s3Errors.incompleteBody());
  });
  return AbortSignal.any([controller.signal, ctx.state.app.stopping]);
}

/**
 * Imports an object's bytes as a plain upload does (same CID, quota reserved as bytes arrive, the
 * 4 GiB cap), records them into the bucket's group, and makes the key name that record. A record
 * the key named before goes if this key was its last and an object upload created it.
 */
export async function storeObject(
  ctx: S3Ctx,
  bucket: S3BucketRow,
  key: string,
  source: AsyncIterable<Uint8Array>,
  options: StoreOptions,
): Promise<StoredObject> {
  checkKey(key);
  const app = ctx.state.app;
  const user = ctx.state.user;
  const hashed = options.etag ? null : md5Of(source);
  const signal = disconnectSignal(ctx);
  const { upload, duplicate } = await fileUploader(app, user, {
    filename: key,
    path: key,
    source: hashed ? hashed.bytes : source,
    cidVersion: 1,
    extras: { groupId: bucket.group_id, meta: recordMeta(options.meta) },
    signal,
    ip: ctx.ip,
    reservation: options.reservation ?? (await uploadSlot(ctx, signal)),
  });
  const etag = options.etag ?? hashed!.etag();
  const before = await replaceKey(ctx, bucket, {
    bucket_id: bucket.id,
    key,
    upload_id: upload.id,
    etag,
    size: Number(upload.size),
    content_type: options.contentType,
    meta: JSON.stringify(options.meta),
    last_modified: nowIso(),
    created_record: duplicate ? 0 : 1,
  });
  // The record the key named until now held the key's name: the new one takes it once it is free.
  if (before && !duplicate) await takeKeyName(ctx, upload, key);
  return { etag, cid: upload.cid, uploadId: upload.id };
}

/** Renames a record the key's upload created (`www/index-1.html`) to the key, when no other record has that name now. */
async function takeKeyName(ctx: S3Ctx, upload: UploadRow, key: string): Promise<void> {
  const uploads = ctx.state.app.stores.uploads;
  const wanted = cleanFolderPath(key);
  if (!wanted || wanted === upload.name || (await uploads.nameTaken(ctx.state.user.id, wanted, upload.id))) return;
  try {
    await retryOnDeadlock(() => uploads.rename(upload.id, wanted));
  } catch (error) {
    // Another record took the name meanwhile: this one keeps its suffix.
    if (!isUniqueViolation(error)) throw error;
  }
}

export async function putObject(ctx: S3Ctx, bucket: S3BucketRow | null): Promise<void> {
  const key = ctx.state.objectKey!;
  checkKey(key);
  const length = ctx.state.payloadLength;
  if (length !== null && length > MAX_FILE_BYTES) throw s3Errors.entityTooLarge(MAX_FILE_BYTES);
  const stored = await storeObject(ctx, bucket!, key, ctx.state.payload, {
    contentType: ctx.get('Content-Type') || DEFAULT_TYPE,
    meta: userMeta(ctx),
  });
  ctx.set('ETag', stored.etag);
  ctx.set('x-amz-meta-cid', stored.cid);
  ctx.status = 200;
  ctx.body = '';
}

/** The key's object and the CID of its record, or NoSuchKey. */
async function found(ctx: S3Ctx, bucket: S3BucketRow, key: string): Promise<{ row: S3ObjectRow; cid: string }> {
  const row = await ctx.state.app.stores.s3Buckets.object(bucket.id, key);
  const upload = row && (await ctx.state.app.stores.uploads.findForUser(ctx.state.user.id, row.upload_id));
  if (!row || !upload) throw s3Errors.noSuchKey(key);
  return { row, cid: upload.cid };
}

const httpDate = (iso: string): string => new Date(iso).toUTCString();
const unquoted = (etag: string): string => etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');

/** S3's conditional reads: If-Match and If-Unmodified-Since fail with 412, If-None-Match and If-Modified-Since answer 304. */
function preconditions(ctx: S3Ctx, row: S3ObjectRow): 'go' | 'not-modified' {
  const etag = unquoted(row.etag);
  // S3 compares at one-second precision, as HTTP dates carry.
  const modified = Math.floor(Date.parse(row.last_modified) / 1000);
  const since = (header: string): number | null => {
    const value = ctx.get(header);
    const at = value ? Date.parse(value) : NaN;
    return Number.isNaN(at) ? null : Math.floor(at / 1000);
  };
  const ifMatch = ctx.get('If-Match');
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifMatch && !ifMatch.split(',').some((tag) => tag.trim() === '*' || unquoted(tag) === etag))
    throw s3Errors.preconditionFailed('If-Match');
  const unmodifiedSince = since('If-Unmodified-Since');
  if (!ifMatch && unmodifiedSince !== null && modified > unmodifiedSince) throw s3Errors.preconditionFailed('If-Unmodified-Since');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || unquoted(tag) === etag)) return 'not-modified';
  const modifiedSince = since('If-Modified-Since');
  if (!ifNoneMatch && modifiedSince !== null && modified <= modifiedSince) return 'not-modified';
  return 'go';
}

/** Headers a presigned GET may set on its answer (`response-content-type`…), as S3 allows. */
const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'Content-Type',
  'response-content-language': 'Content-Language',
  'response-expires': 'Expires',
  'response-cache-control': 'Cache-Control',
  'response-content-disposition': 'Content-Disposition',
  'response-content-encoding': 'Content-Encoding',
};

function objectHeaders(ctx: S3Ctx, row: S3ObjectRow, cid: string): void {
  ctx.set('ETag', row.etag);
  ctx.set('Last-Modified', httpDate(row.last_modified));
  ctx.set('x-amz-meta-cid', cid);
  for (const [name, value] of Object.entries(JSON.parse(row.meta) as Record<string, string>)) {
    if (name !== 'cid') ctx.set(`x-amz-meta-${name}`, value);
  }
  ctx.set('x-amz-storage-class', 'STANDARD');
}

async function readObject(ctx: S3Ctx, bucket: S3BucketRow | null): Promise<void> {
  const app = ctx.state.app;
  const { row, cid } = await found(ctx, bucket!, ctx.state.objectKey!);
  objectHeaders(ctx, row, cid);
  const decision = preconditions(ctx, row);
  if (decision === 'not-modified') {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  let contentType = row.content_type;
  for (const [param, header] of Object.entries(RESPONSE_OVERRIDES)) {
    const value = ctx.query[param];
    if (typeof value !== 'string') continue;
    if (header === 'Content-Type') contentType = value;
    else ctx.set(header, value);
  }
  const record = { uploadId: row.upload_id, userId: ctx.state.user.id };
  if (ctx.method === 'GET' && app.bandwidth.options.enabled) {
    await egressGuard(app, record);
    countBody(ctx.res, app.bandwidth, record);
  }
  const signal = disconnectSignal(ctx);
  try {
    await sendBytes(
      ctx as unknown as Ctx,
      { size: Number(row.size), read: (offset, length) => app.content.catStream(cid, { offset, length, signal }) },
      contentType,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'range_not_satisfiable') throw s3Errors.invalidRange(Number(row.size));
    throw error;
  }
}

export const getObject = readObject;
export const headObject = readObject;

export async function deleteObject(ctx: S3Ctx, bucket: S3BucketRow | null): Promise<void> {
  const key = ctx.state.objectKey!;
  checkKey(key);
  await forgetKey(ctx, bucket!, key);
  ctx.status = 204;
  ctx.body = null;
}

/** DeleteObjects: up to 1,000 keys; each answered as deleted (also when it was absent, as S3) or with its error. */
export async function deleteObjects(ctx: S3Ctx, bucket: S3BucketRow | null): Promise<void> {
  const parsed = fromXml(await smallBody(ctx, 2 * 1024 * 1024)).Delete as { Quiet?: string; Object?: { Key?: unknown }[] } | undefined;
  if (!parsed || !Array.isArray(parsed.Object) || parsed.Object.length === 0) throw s3Errors.malformedXml();
  if (parsed.Object.length > DELETE_MAX_KEYS) throw s3Errors.malformedXml();
  const quiet = parsed.Quiet?.trim() === 'true';
  const deleted: { Key: string }[] = [];
  const failed: { Key: string; Code: string; Message: string }[] = [];
  for (const entry of parsed.Object) {
    const key = typeof entry.Key === 'string' ? entry.Key : String(entry.Key ?? '');
    try {
      checkKey(key);
      if (!key) throw s3Errors.invalidArgument('A key must not be empty');
      await forgetKey(ctx, bucket!, key);
      deleted.push({ Key: key });
    } catch (error) {
      if (!(error instanceof S3Error)) throw error;
      failed.push({ Key: key, Code: error.code, Message: error.message });
    }
  }
  ctx.type = 'application/xml';
  ctx.body = toXml('DeleteResult', { ...(quiet ? {} : { Deleted: deleted }), Error: failed });
}

/** `x-amz-copy-source`: `bucket/key` or `/bucket/key`, percent-encoded, perhaps with `?versionId=`. */
function copySource(header: string): { bucket: string; key: string } {
  const [path = ''] = header.split('?');
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.replace(/^\//, ''));
  } catch {
    throw s3Errors.invalidArgument(
      'Copy Source must mention the source bucket and key: sourcebucket/sourcekey',
      'x-amz-copy-source',
      header,
    );
  }
  const slash = decoded.indexOf('/');
  if (slash <= 0 || slash === decoded.length - 1) {
    throw s3Errors.invalidArgument(
      'Copy Source must mention the source bucket and key: sourcebucket/sourcekey',
      'x-amz-copy-source',
      header,
    );
  }
  return { bucket: decoded.slice(0, slash), key: decoded.slice(slash + 1) };
}

/** CopyObject: the new key names the source's record (no byte moves), with its metadata or the request's (`REPLACE`). */
export async function copyObject(ctx: S3Ctx, bucket: S3BucketRow | null): Promise<void> {
  const app = ctx.state.app;
  const key = ctx.state.objectKey!;
  checkKey(key);
  const source = copySource(ctx.get('x-amz-copy-source'));
  const sourceBucket = await app.stores.s3Buckets.find(ctx.state.user.id, source.bucket);
  if (!sourceBucket) throw s3Errors.noSuchBucket(source.bucket);
  const { row } = await found(ctx, sourceBucket, source.key);
  const replace = (ctx.get('x-amz-metadata-directive') || 'COPY').toUpperCase() === 'REPLACE';
  if (!replace && sourceBucket.id === bucket!.id && source.key === key) {
    throw s3Errors.invalidRequest(
      "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
    );
  }
  const copied: S3ObjectRow = {
    ...row,
    bucket_id: bucket!.id,
    key,
    content_type: replace ? ctx.get('Content-Type') || DEFAULT_TYPE : row.content_type,
    meta: replace ? JSON.stringify(userMeta(ctx)) : row.meta,
    last_modified: nowIso(),
  };
  await replaceKey(ctx, bucket!, copied, true);
  ctx.type = 'application/xml';
  ctx.body = toXml('CopyObjectResult', { ETag: copied.etag, LastModified: copied.last_modified });
}
