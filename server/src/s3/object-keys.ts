import { removeUploadIfPresent } from '../commands/content/upload-remover';
import type { S3BucketRow, S3ObjectRow } from '../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../lib/db-errors';
import { nowIso } from '../lib/time';
import { s3Errors } from './errors';
import type { S3Ctx } from './types';

/**
 * What a key named until now, let go: the record leaves the bucket's group when no other key of
 * the bucket names it, and goes altogether when an object upload created it and no key anywhere
 * names it any more (checked again in the removal's own transaction). A record the account held
 * before the upload stays, as it was.
 */
async function letGo(ctx: S3Ctx, old: S3ObjectRow, groupId: string): Promise<void> {
  const app = ctx.state.app;
  const user = ctx.state.user;
  const keys = app.stores.s3Buckets;
  await app.db.transaction().execute(async (trx) => {
    if (!(await keys.keysInBucket(trx, old.bucket_id, old.upload_id))) {
      await app.stores.groups.remove(trx, user.id, groupId, { ids: [old.upload_id] });
    }
  });
  if (!old.created_record) return;
  const upload = await app.stores.uploads.findForUser(user.id, old.upload_id);
  if (!upload) return;
  await removeUploadIfPresent(app, user, upload, ctx.ip, user, ctx.state.requestId, {
    keep: async (trx) => (await keys.keysOf(trx, upload.id)) > 0,
  });
}

/**
 * Makes `row.key` name `row`'s record in `bucket`, and answers the row it replaced, whose record
 * is let go. A copy from elsewhere (`join`) also puts the record into the bucket's group. A record
 * deleted meanwhile is NoSuchKey.
 */
export async function replaceKey(ctx: S3Ctx, bucket: S3BucketRow, row: S3ObjectRow, join = false): Promise<S3ObjectRow | undefined> {
  const app = ctx.state.app;
  const write = () =>
    app.db.transaction().execute(async (trx) => {
      if (join) await app.stores.groups.join(trx, ctx.state.user.id, bucket.group_id, row.upload_id, nowIso());
      return app.stores.s3Buckets.putObject(trx, row);
    });
  let before: S3ObjectRow | undefined;
  try {
    // Two first puts of a key at once both find no row to lock and insert: the one that loses finds
    // the winner's row on its second try, locked, and replaces it.
    before = await write().catch((error: unknown) => {
      if (isUniqueViolation(error)) return write();
      throw error;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw s3Errors.noSuchKey(row.key);
    throw error;
  }
  if (before && before.upload_id !== row.upload_id) await letGo(ctx, before, bucket.group_id);
  return before;
}

/** Deletes the key (nothing happens when it is absent, as S3) and lets its record go. */
export async function forgetKey(ctx: S3Ctx, bucket: S3BucketRow, key: string): Promise<void> {
  const app = ctx.state.app;
  const old = await app.db.transaction().execute((trx) => app.stores.s3Buckets.deleteObject(trx, bucket.id, key));
  if (old) await letGo(ctx, old, bucket.group_id);
}
