import type { Db } from '../db/database';
import { lockedInPg } from '../db/locks';
import type { S3BucketRow, S3ObjectRow } from '../db/schema';

/** What a listing asks for: keys that begin with `prefix`, from `from` on, in byte order. */
export interface KeyPage {
  prefix: string;
  from: string;
  /** Whether `from` itself is left out (a key already listed). */
  exclusive: boolean;
  limit: number;
}

/** The key's row, locked on PostgreSQL (SQLite runs one write transaction at a time). */
const lockedObject = (trx: Db, bucketId: string, key: string) => {
  const query = trx.selectFrom('s3_objects').selectAll().where('bucket_id', '=', bucketId).where('key', '=', key);
  return lockedInPg(trx, query).executeTakeFirst();
};

/** Buckets (groups under an S3 name) and the object keys in them. */
export function createS3BucketStore(db: Db) {
  return {
    async find(userId: string, name: string): Promise<S3BucketRow | undefined> {
      return db.selectFrom('s3_buckets').selectAll().where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
    },

    async ofGroup(trx: Db, groupId: string): Promise<S3BucketRow | undefined> {
      return trx.selectFrom('s3_buckets').selectAll().where('group_id', '=', groupId).executeTakeFirst();
    },

    async list(userId: string): Promise<S3BucketRow[]> {
      return db.selectFrom('s3_buckets').selectAll().where('user_id', '=', userId).orderBy('name').execute();
    },

    /** The id of the account's group of that name, if any (a bucket of that name adopts it). */
    async groupNamed(trx: Db, userId: string, name: string): Promise<string | undefined> {
      const row = await trx.selectFrom('groups').select('id').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
      return row?.id;
    },

    async count(trx: Db, userId: string): Promise<number> {
      const row = await trx
        .selectFrom('s3_buckets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insert(trx: Db, row: S3BucketRow): Promise<void> {
      await trx.insertInto('s3_buckets').values(row).execute();
    },

    /** Whether the bucket holds an object, an upload in progress, or a record put into its group elsewhere. */
    async inUse(trx: Db, bucket: S3BucketRow): Promise<boolean> {
      const [object, upload, member] = await Promise.all([
        trx.selectFrom('s3_objects').select('key').where('bucket_id', '=', bucket.id).limit(1).executeTakeFirst(),
        trx.selectFrom('s3_multipart_uploads').select('id').where('bucket_id', '=', bucket.id).limit(1).executeTakeFirst(),
        trx.selectFrom('upload_groups').select('upload_id').where('group_id', '=', bucket.group_id).limit(1).executeTakeFirst(),
      ]);
      return Boolean(object ?? upload ?? member);
    },

    async object(bucketId: string, key: string, trx: Db = db): Promise<S3ObjectRow | undefined> {
      return trx.selectFrom('s3_objects').selectAll().where('bucket_id', '=', bucketId).where('key', '=', key).executeTakeFirst();
    },

    /** Writes the key's object, replacing what it named before (answered, so that its record may go). */
    async putObject(trx: Db, row: S3ObjectRow): Promise<S3ObjectRow | undefined> {
      const before = await lockedObject(trx, row.bucket_id, row.key);
      if (before) {
        await trx
          .updateTable('s3_objects')
          .set({ ...row })
          .where('bucket_id', '=', row.bucket_id)
          .where('key', '=', row.key)
          .execute();
      } else {
        await trx.insertInto('s3_objects').values(row).execute();
      }
      return before;
    },

    /** Deletes the key; answers the row it deleted, if any. */
    async deleteObject(trx: Db, bucketId: string, key: string): Promise<S3ObjectRow | undefined> {
      const row = await lockedObject(trx, bucketId, key);
      if (row) await trx.deleteFrom('s3_objects').where('bucket_id', '=', bucketId).where('key', '=', key).execute();
      return row;
    },

    /** How many keys, in any bucket, name the record. */
    async keysOf(trx: Db, uploadId: string): Promise<number> {
      const row = await trx
        .selectFrom('s3_objects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('upload_id', '=', uploadId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Whether another key of the bucket names the record. */
    async keysInBucket(trx: Db, bucketId: string, uploadId: string): Promise<boolean> {
      const row = await trx
        .selectFrom('s3_objects')
        .select('key')
        .where('bucket_id', '=', bucketId)
        .where('upload_id', '=', uploadId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Up to `limit` of the bucket's keys from `from` that begin with `prefix`, in byte order: one
     * range of the primary key, ended at the first key past the prefix (keys that share a prefix
     * sort together), never the whole bucket.
     */
    async page(bucketId: string, page: KeyPage): Promise<S3ObjectRow[]> {
      let query = db.selectFrom('s3_objects').selectAll().where('bucket_id', '=', bucketId);
      if (page.from < page.prefix) query = query.where('key', '>=', page.prefix);
      else query = query.where('key', page.exclusive ? '>' : '>=', page.from);
      const rows = await query.orderBy('key').limit(page.limit).execute();
      const past = rows.findIndex((row) => !row.key.startsWith(page.prefix));
      return past === -1 ? rows : rows.slice(0, past);
    },
  };
}
