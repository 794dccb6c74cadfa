import type { S3BucketRow } from '../db/schema';
import { isUniqueViolation } from '../lib/db-errors';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import { validBucketName } from './address';
import { smallBody } from './body';
import { S3Error, s3Errors } from './errors';
import type { S3Ctx } from './types';
import { releaseBucketUploads } from './multipart/multipart-store';
import { fromXml, toXml } from './xml';

/** Buckets one account may have (S3's default quota is of the same order). */
const BUCKETS_MAX = 1000;

/** S3's answer shape for an owner: the account's id (and its e-mail as the display name). */
export const ownerOf = (ctx: S3Ctx) => ({ ID: ctx.state.user.id, DisplayName: ctx.state.user.email });

export async function listBuckets(ctx: S3Ctx): Promise<void> {
  const buckets = await ctx.state.app.stores.s3Buckets.list(ctx.state.user.id);
  ctx.type = 'application/xml';
  ctx.body = toXml('ListAllMyBucketsResult', {
    Owner: ownerOf(ctx),
    Buckets: { Bucket: buckets.map((bucket) => ({ Name: bucket.name, CreationDate: bucket.created_at })) },
  });
}

/**
 * A new bucket: a group of the account under the bucket's name (a group of that name the account
 * already has becomes the bucket). Its location, when the body names one, must be this region.
 */
export async function createBucket(ctx: S3Ctx): Promise<void> {
  const app = ctx.state.app;
  const name = ctx.state.bucketName!;
  if (!validBucketName(name)) throw s3Errors.invalidBucketName(name);
  const body = await smallBody(ctx, 64 * 1024);
  if (body.trim()) {
    const parsed = fromXml(body).CreateBucketConfiguration as { LocationConstraint?: string } | undefined;
    if (!parsed) throw s3Errors.malformedXml();
    const location = (parsed.LocationConstraint ?? '').trim();
    if (location && location !== app.config.s3!.region) {
      throw new S3Error('IllegalLocationConstraintException', 400, `This endpoint serves the region ${app.config.s3!.region} only.`);
    }
  }
  const userId = ctx.state.user.id;
  const now = nowIso();
  try {
    await app.db.transaction().execute(async (trx) => {
      if ((await app.stores.s3Buckets.count(trx, userId)) >= BUCKETS_MAX) {
        throw new S3Error('TooManyBuckets', 400, `You have attempted to create more buckets than allowed (${BUCKETS_MAX}).`);
      }
      const group = await app.stores.s3Buckets.groupNamed(trx, userId, name);
      const groupId = group ?? newId();
      if (!group) await trx.insertInto('groups').values({ id: groupId, user_id: userId, name, created_at: now }).execute();
      await app.stores.s3Buckets.insert(trx, { id: newId(), user_id: userId, name, group_id: groupId, created_at: now });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw s3Errors.bucketAlreadyOwnedByYou(name);
    throw error;
  }
  ctx.set('Location', `/${name}`);
  ctx.status = 200;
  ctx.body = '';
}

export async function headBucket(ctx: S3Ctx): Promise<void> {
  ctx.set('x-amz-bucket-region', ctx.state.app.config.s3!.region);
  ctx.status = 200;
  ctx.body = '';
}

/** Deletes an empty bucket, and its group: no object, no upload in progress, no record put into the group elsewhere. */
export async function deleteBucket(ctx: S3Ctx, bucket: S3BucketRow | null): Promise<void> {
  const app = ctx.state.app;
  const deleted = await app.db.transaction().execute(async (trx) => {
    if (await app.stores.s3Buckets.inUse(trx, bucket!)) throw s3Errors.bucketNotEmpty(bucket!.name);
    // An upload begun since the check above (on PostgreSQL) gives its parts' quota back rather than vanish with the bucket.
    await releaseBucketUploads(trx, bucket!.id);
    // The bucket's row goes with its group (`on delete cascade`).
    const result = await trx
      .deleteFrom('groups')
      .where('id', '=', bucket!.group_id)
      .where('user_id', '=', bucket!.user_id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
  if (!deleted) throw s3Errors.noSuchBucket(bucket!.name);
  ctx.status = 204;
  ctx.body = null;
}

/** S3 answers an empty constraint for us-east-1, the region's name otherwise. */
export async function getBucketLocation(ctx: S3Ctx): Promise<void> {
  const region = ctx.state.app.config.s3!.region;
  ctx.type = 'application/xml';
  ctx.body = toXml('LocationConstraint', region === 'us-east-1' ? {} : { '#text': region });
}

/** Cairn keeps no versions: the configuration of a bucket whose versioning was never turned on. */
export async function getBucketVersioning(ctx: S3Ctx): Promise<void> {
  ctx.type = 'application/xml';
  ctx.body = toXml('VersioningConfiguration', {});
}
