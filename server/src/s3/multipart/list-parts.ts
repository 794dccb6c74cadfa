import { ownerOf } from '../buckets';
import { s3Errors } from '../errors';
import type { S3Ctx, S3Handler } from '../types';
import { toXml } from '../xml';
import { MAX_LIST, MAX_PART_NUMBER } from './limits';
import { listParts as partsAfter } from './multipart-store';
import { queryValue, uploadOf } from './upload-of';

/** A whole-number query parameter within [0, max] (`fallback` when absent); InvalidArgument otherwise. */
export function countParam(ctx: S3Ctx, name: string, fallback: number, max: number): number {
  const value = queryValue(ctx, name);
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,10}$/.test(value)) throw s3Errors.invalidArgument(`Provided ${name} not an integer or within integer range`, name, value);
  return Math.min(Number(value), max);
}

/** ListParts: the upload's parts by number, a page of `max-parts` (at most 1,000) after `part-number-marker`. */
export const listParts: S3Handler = async (ctx, bucket) => {
  const upload = await uploadOf(ctx, bucket!);
  const maxParts = countParam(ctx, 'max-parts', MAX_LIST, MAX_LIST);
  const marker = countParam(ctx, 'part-number-marker', 0, MAX_PART_NUMBER);
  const rows = await partsAfter(ctx.state.app.db, upload.id, marker, maxParts + 1);
  const page = rows.slice(0, maxParts);
  const truncated = rows.length > maxParts;
  const owner = ownerOf(ctx);
  ctx.type = 'application/xml';
  ctx.body = toXml('ListPartsResult', {
    Bucket: bucket!.name,
    Key: upload.key,
    UploadId: upload.id,
    Initiator: owner,
    Owner: owner,
    StorageClass: 'STANDARD',
    PartNumberMarker: marker,
    NextPartNumberMarker: page.length > 0 ? page[page.length - 1]!.part_number : marker,
    MaxParts: maxParts,
    IsTruncated: truncated,
    Part: page.map((part) => ({
      PartNumber: part.part_number,
      LastModified: part.created_at,
      ETag: part.etag,
      Size: Number(part.size),
    })),
  });
};
