import { PostgresAdapter, sql, type Kysely } from 'kysely';

const onPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The S3-compatible API.
 * - `s3_keys`: an account's S3 access keys. The secret is sealed like a webhook secret (the server
 *   computes Signature V4 with it, so it cannot be hashed); `read_only` keys may only read.
 * - `s3_buckets`: a bucket is a group of the account (deleting the group deletes the bucket and its
 *   keys, never the records). Names are unique per account: every request is signed, so a bucket
 *   name is always read within the signer's account.
 * - `s3_objects`: an object key of a bucket and the record it names. Several keys may name one
 *   record (a copy moves no bytes); deleting the record in My files deletes its keys. A record an
 *   object's upload created (`created_record`, inherited by copies) goes when its last key goes,
 *   as an overwritten or deleted object's bytes do; a record the account held before stays. Keys sort as
 *   bytes (S3 lists in UTF-8 binary order): PostgreSQL's column takes the C collation for that.
 * - `s3_multipart_uploads` and `s3_parts`: multipart uploads in progress, each part a file in the
 *   data directory charged to the account's quota until the upload completes, is aborted or expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytewise = onPostgres(db) ? sql`collate "C"` : sql``;
  await db.schema
    .createTable('s3_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_key_id', 'text', (c) => c.notNull().unique())
    .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('s3_keys_user').on('s3_keys').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('s3_buckets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull().unique().references('groups.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('s3_buckets_user_name').on('s3_buckets').columns(['user_id', 'name']).unique().execute();

  await db.schema
    .createTable('s3_objects')
    .addColumn('bucket_id', 'text', (c) => c.notNull().references('s3_buckets.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull().modifyEnd(bytewise))
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('created_record', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('s3_objects_pk', ['bucket_id', 'key'])
    .execute();
  await db.schema.createIndex('s3_objects_upload').on('s3_objects').columns(['upload_id', 'bucket_id']).execute();

  await db.schema
    .createTable('s3_multipart_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bucket_id', 'text', (c) => c.notNull().references('s3_buckets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull().modifyEnd(bytewise))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('s3_multipart_bucket_key').on('s3_multipart_uploads').columns(['bucket_id', 'key', 'created_at']).execute();
  await db.schema.createIndex('s3_multipart_expires').on('s3_multipart_uploads').column('expires_at').execute();

  await db.schema
    .createTable('s3_parts')
    .addColumn('multipart_id', 'text', (c) => c.notNull().references('s3_multipart_uploads.id').onDelete('cascade'))
    .addColumn('part_number', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('s3_parts_pk', ['multipart_id', 'part_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['s3_parts', 's3_multipart_uploads', 's3_objects', 's3_buckets', 's3_keys']) {
    await db.schema.dropTable(table).execute();
  }
}
