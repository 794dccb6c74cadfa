import type { S3MultipartRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { ownerOf } from '../buckets';
import { s3Errors } from '../errors';
import type { S3Ctx, S3Handler } from '../types';
import { toXml } from '../xml';
import { MAX_LIST, UPLOADS_PER_ACCOUNT } from './limits';
import { bucketUploads } from './multipart-store';
import { countParam } from './list-parts';
import { queryValue } from './upload-of';

type Entry = { upload: S3MultipartRow } | { prefix: string };

/** Keys compare as S3 sorts them: their UTF-8 bytes (the database's order of the key column). */
const compareKeys = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The uploads after the markers: keys past `key-marker`, and of that key those after `upload-id-marker`. */
function afterMarkers(rows: S3MultipartRow[], keyMarker: string, uploadIdMarker: string): S3MultipartRow[] {
  if (!keyMarker) return rows;
  const marker = uploadIdMarker ? rows.findIndex((row) => row.key === keyMarker && row.id === uploadIdMarker) : -1;
  return rows.filter((row, i) => {
    const order = compareKeys(row.key, keyMarker);
    if (order !== 0 || !uploadIdMarker) return order > 0;
    return marker >= 0 ? i > marker : row.id > uploadIdMarker;
  });
}

/**
 * Groups the uploads as S3 lists them: keys with the delimiter after the prefix fold into one
 * common prefix, which counts as one entry; a common prefix that is the key marker was listed on an
 * earlier page. Returns a page of `max` entries and whether more follow.
 */
function entries(rows: S3MultipartRow[], prefix: string, delimiter: string, keyMarker: string, max: number) {
  const page: Entry[] = [];
  let lastPrefix: string | null = null;
  for (const upload of rows) {
    if (!upload.key.startsWith(prefix)) continue;
    const at = delimiter ? upload.key.indexOf(delimiter, prefix.length) : -1;
    let entry: Entry = { upload };
    if (at >= 0) {
      const common = upload.key.slice(0, at + delimiter.length);
      if (common === lastPrefix || common === keyMarker) continue;
      lastPrefix = common;
      entry = { prefix: common };
    }
    if (page.length === max) return { page, truncated: true };
    page.push(entry);
  }
  return { page, truncated: false };
}

/** ListMultipartUploads: the bucket's uploads in progress by key, then by initiation, paged by key and upload id markers. */
export const listMultipartUploads: S3Handler = async (ctx: S3Ctx, bucket) => {
  const prefix = queryValue(ctx, 'prefix') ?? '';
  const delimiter = queryValue(ctx, 'delimiter') ?? '';
  const keyMarker = queryValue(ctx, 'key-marker') ?? '';
  const uploadIdMarker = queryValue(ctx, 'upload-id-marker') ?? '';
  const maxUploads = countParam(ctx, 'max-uploads', MAX_LIST, MAX_LIST);
  const encodingType = queryValue(ctx, 'encoding-type');
  if (encodingType !== undefined && encodingType !== 'url') {
    throw s3Errors.invalidArgument('Invalid Encoding Method specified in Request', 'encoding-type', encodingType);
  }
  const encode = encodingType === 'url' ? (value: string) => encodeURIComponent(value).replace(/%2F/g, '/') : (value: string) => value;

  // An account has at most UPLOADS_PER_ACCOUNT uploads in progress: a bucket's are read at once.
  const rows = await bucketUploads(ctx.state.app.db, bucket!.id, nowIso(), 2 * UPLOADS_PER_ACCOUNT);
  const { page, truncated } = entries(afterMarkers(rows, keyMarker, uploadIdMarker), prefix, delimiter, keyMarker, maxUploads);
  const last = page[page.length - 1];
  const owner = ownerOf(ctx);
  ctx.type = 'application/xml';
  ctx.body = toXml('ListMultipartUploadsResult', {
    Bucket: bucket!.name,
    KeyMarker: encode(keyMarker),
    UploadIdMarker: uploadIdMarker,
    NextKeyMarker: last ? encode('upload' in last ? last.upload.key : last.prefix) : '',
    NextUploadIdMarker: last && 'upload' in last ? last.upload.id : '',
    ...(delimiter ? { Delimiter: encode(delimiter) } : {}),
    Prefix: encode(prefix),
    MaxUploads: maxUploads,
    IsTruncated: truncated,
    Upload: page.flatMap((entry) =>
      'upload' in entry
        ? [
            {
              Key: encode(entry.upload.key),
              UploadId: entry.upload.id,
              Initiator: owner,
              Owner: owner,
              StorageClass: 'STANDARD',
              Initiated: entry.upload.created_at,
            },
          ]
        : [],
    ),
    CommonPrefixes: page.flatMap((entry) => ('prefix' in entry ? [{ Prefix: encode(entry.prefix) }] : [])),
    ...(encodingType ? { EncodingType: 'url' } : {}),
  });
};
