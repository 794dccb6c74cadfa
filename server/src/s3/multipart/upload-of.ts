import type { S3BucketRow, S3MultipartRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { s3Errors } from '../errors';
import type { S3Ctx } from '../types';
import { UPLOAD_ID } from './limits';
import { findUpload } from './multipart-store';

/** A query parameter as one string (a repeated one is its first value). */
export function queryValue(ctx: S3Ctx, name: string): string | undefined {
  const value = ctx.query[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The upload the request's `uploadId` names, in progress, of this bucket and key: NoSuchUpload
 * otherwise, also for another account's upload (whose bucket is never the signer's).
 */
export async function uploadOf(ctx: S3Ctx, bucket: S3BucketRow): Promise<S3MultipartRow> {
  const id = queryValue(ctx, 'uploadId') ?? '';
  const row = UPLOAD_ID.test(id) ? await findUpload(ctx.state.app.db, id) : undefined;
  if (
    !row ||
    row.bucket_id !== bucket.id ||
    row.user_id !== ctx.state.user.id ||
    row.key !== ctx.state.objectKey ||
    row.expires_at <= nowIso()
  ) {
    throw s3Errors.noSuchUpload(id);
  }
  return row;
}
