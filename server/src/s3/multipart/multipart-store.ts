import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { lockedInPg } from '../../db/locks';
import type { S3MultipartRow, S3PartRow } from '../../db/schema';
import { partCharge } from './limits';

/**
 * Queries of multipart uploads and their parts. The bytes of an upload's parts are charged to the
 * account as reserved (`users.storage_reserved`; at least a disk block each, see `partCharge`) by
 * the very transactions that write, replace and delete its part rows, so that the rows are the
 * charge: a crash anywhere leaves them agreeing.
 */

/** The named lease (in `leases`) a Complete holds on its upload while it imports the parts. */
export const completingLease = (uploadId: string): string => `s3-complete:${uploadId}`;

/** Adds `delta` (negative: gives back) to the account's reserved bytes, never below zero. */
async function reserve(trx: Db, userId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await trx
    .updateTable('users')
    .set({ storage_reserved: sql`case when storage_reserved + ${delta} >= 0 then storage_reserved + ${delta} else 0 end` })
    .where('id', '=', userId)
    .execute();
}

/** Inserts an upload unless its account then has more than `max` unexpired ones (counted after the insert, so racing creators never pass it). */
export async function insertUploadWithin(db: Db, row: S3MultipartRow, max: number, now: string): Promise<boolean> {
  await db.insertInto('s3_multipart_uploads').values(row).execute();
  const { n } = await db
    .selectFrom('s3_multipart_uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', row.user_id)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  if (Number(n) <= max) return true;
  await db.deleteFrom('s3_multipart_uploads').where('id', '=', row.id).execute();
  return false;
}

export async function findUpload(db: Db, id: string): Promise<S3MultipartRow | undefined> {
  return db.selectFrom('s3_multipart_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The upload's row, locked until `trx` ends (SQLite runs one write transaction at a time already). */
export async function lockUpload(trx: Db, id: string): Promise<S3MultipartRow | undefined> {
  const query = trx.selectFrom('s3_multipart_uploads').selectAll().where('id', '=', id);
  return lockedInPg(trx, query).executeTakeFirst();
}

/** Whether a Complete of the upload holds its lease at `now`. */
export async function completing(trx: Db, uploadId: string, now: string): Promise<boolean> {
  const row = await trx
    .selectFrom('leases')
    .select('name')
    .where('name', '=', completingLease(uploadId))
    .where('expires_at', '>=', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the Complete lease of the upload in `trx` (free or expired only); false when a live Complete holds it. */
export async function takeCompleting(trx: Db, uploadId: string, owner: string, now: string, until: string): Promise<boolean> {
  const row = await trx
    .insertInto('leases')
    .values({ name: completingLease(uploadId), owner, expires_at: until })
    .onConflict((oc) => oc.column('name').doUpdateSet({ owner, expires_at: until }).where('leases.expires_at', '<', now))
    .returning('owner')
    .executeTakeFirst();
  return row?.owner === owner;
}

export async function listParts(db: Db, uploadId: string, after = 0, limit = 10_000): Promise<S3PartRow[]> {
  return db
    .selectFrom('s3_parts')
    .selectAll()
    .where('multipart_id', '=', uploadId)
    .where('part_number', '>', after)
    .orderBy('part_number')
    .limit(limit)
    .execute();
}

/**
 * Makes `row` the upload's part of its number and charges its size as reserved, giving back what
 * the part it replaces was charged. Returns the replaced part's file, to delete once committed.
 */
export async function putPart(trx: Db, userId: string, row: S3PartRow): Promise<string | null> {
  const old = await trx
    .selectFrom('s3_parts')
    .selectAll()
    .where('multipart_id', '=', row.multipart_id)
    .where('part_number', '=', row.part_number)
    .executeTakeFirst();
  if (old) {
    await trx
      .updateTable('s3_parts')
      .set({ size: row.size, etag: row.etag, file: row.file, created_at: row.created_at })
      .where('multipart_id', '=', row.multipart_id)
      .where('part_number', '=', row.part_number)
      .execute();
  } else {
    await trx.insertInto('s3_parts').values(row).execute();
  }
  await reserve(trx, userId, partCharge(row.size) - (old ? partCharge(old.size) : 0));
  return old ? old.file : null;
}

/**
 * Deletes the upload and its parts and gives their reserved bytes back; run with the upload locked.
 * Returns the parts' files (to delete once committed); null when the upload was gone already.
 */
export async function removeUpload(trx: Db, uploadId: string): Promise<string[] | null> {
  const upload = await trx.selectFrom('s3_multipart_uploads').select('user_id').where('id', '=', uploadId).executeTakeFirst();
  if (!upload) return null;
  const parts = await trx.selectFrom('s3_parts').select(['size', 'file']).where('multipart_id', '=', uploadId).execute();
  await trx.deleteFrom('s3_parts').where('multipart_id', '=', uploadId).execute();
  await trx.deleteFrom('s3_multipart_uploads').where('id', '=', uploadId).execute();
  await reserve(trx, upload.user_id, -parts.reduce((sum, part) => sum + partCharge(part.size), 0));
  return parts.map((part) => part.file);
}

/** Forgets one part whose file is gone, if the row still names that file, and gives its bytes back. */
export async function dropPart(trx: Db, uploadId: string, partNumber: number, file: string): Promise<boolean> {
  const upload = await trx.selectFrom('s3_multipart_uploads').select('user_id').where('id', '=', uploadId).executeTakeFirst();
  const row = await trx
    .deleteFrom('s3_parts')
    .where('multipart_id', '=', uploadId)
    .where('part_number', '=', partNumber)
    .where('file', '=', file)
    .returning('size')
    .executeTakeFirst();
  if (!row) return false;
  if (upload) await reserve(trx, upload.user_id, -partCharge(row.size));
  return true;
}

/** Uploads whose expiry is before `before`. */
export async function expiredUploads(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('s3_multipart_uploads')
    .select('id')
    .where('expires_at', '<', before)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The bucket's unexpired uploads, by key (bytewise) then by initiation. At most `limit`. */
export async function bucketUploads(db: Db, bucketId: string, now: string, limit: number): Promise<S3MultipartRow[]> {
  return db
    .selectFrom('s3_multipart_uploads')
    .selectAll()
    .where('bucket_id', '=', bucketId)
    .where('expires_at', '>', now)
    .orderBy('key')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The parts whose file names start with `prefix` (this instance's, see `partFiles`). */
export async function partsWithFilePrefix(db: Db, prefix: string): Promise<Pick<S3PartRow, 'multipart_id' | 'part_number' | 'file'>[]> {
  return db
    .selectFrom('s3_parts')
    .select(['multipart_id', 'part_number', 'file'])
    .where(sql<boolean>`substr(file, 1, ${prefix.length}) = ${prefix}`)
    .execute();
}

export async function partByFile(db: Db, file: string): Promise<boolean> {
  const row = await db.selectFrom('s3_parts').select('part_number').where('file', '=', file).executeTakeFirst();
  return row !== undefined;
}

/**
 * Before a bucket (or its group) is deleted in `trx`: gives back what its uploads' parts reserve,
 * as the cascade would drop their rows without. Their files go with the next orphan sweep.
 */
export async function releaseBucketUploads(trx: Db, bucketId: string): Promise<void> {
  const uploads = await trx.selectFrom('s3_multipart_uploads').select('id').where('bucket_id', '=', bucketId).execute();
  for (const upload of uploads) await removeUpload(trx, upload.id);
}
