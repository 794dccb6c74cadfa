import crypto from 'node:crypto';
import { nowIso } from '../../lib/time';
import { userMeta } from '../body';
import { s3Errors } from '../errors';
import { checkKey } from '../objects';
import type { S3Handler } from '../types';
import { toXml } from '../xml';
import { MULTIPART_TTL_MS, UPLOADS_PER_ACCOUNT } from './limits';
import { insertUploadWithin } from './multipart-store';

const DEFAULT_TYPE = 'binary/octet-stream';

export const tooManyUploads = () =>
  s3Errors.invalidRequest(
    `An account may have at most ${UPLOADS_PER_ACCOUNT} multipart uploads in progress: complete or abort some (each expires 24 hours after it began).`,
  );

/**
 * CreateMultipartUpload: a new upload of the key, with the request's Content-Type and user
 * metadata kept for the object, expiring in 24 hours. Its id is random: it is all a part needs.
 */
export const createMultipartUpload: S3Handler = async (ctx, bucket) => {
  const key = ctx.state.objectKey!;
  checkKey(key);
  const meta = userMeta(ctx);
  const now = new Date();
  const id = crypto.randomBytes(24).toString('base64url');
  const row = {
    id,
    bucket_id: bucket!.id,
    user_id: ctx.state.user.id,
    key,
    content_type: ctx.get('Content-Type') || DEFAULT_TYPE,
    meta: JSON.stringify(meta),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + MULTIPART_TTL_MS).toISOString(),
  };
  if (!(await insertUploadWithin(ctx.state.app.db, row, UPLOADS_PER_ACCOUNT, nowIso()))) throw tooManyUploads();
  ctx.type = 'application/xml';
  ctx.body = toXml('InitiateMultipartUploadResult', { Bucket: bucket!.name, Key: key, UploadId: id });
};
