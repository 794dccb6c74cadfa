import type { Kysely } from 'kysely';

/**
 * `signed_uploads`: upload URLs an account hands out — one upload of at most `max_bytes` before
 * `expires_at`, charged to the account. Only a hash of the URL's secret is kept.
 *
 * `resumable_uploads`: tus uploads in progress. The bytes they announced stay reserved in
 * `users.storage_reserved` (`bytes_reserved`) while their partial file waits on disk, across
 * restarts, until they are recorded, terminated or expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signed_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('max_bytes', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('upload_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signed_uploads_expires').on('signed_uploads').column('expires_at').execute();

  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('signed_upload_id', 'text')
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('bytes_reserved', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('cid_version', 'integer', (c) => c.notNull())
    .addColumn('upload_id', 'text')
    .addColumn('duplicate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resumable_uploads_expires').on('resumable_uploads').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resumable_uploads').execute();
  await db.schema.dropTable('signed_uploads').execute();
}
