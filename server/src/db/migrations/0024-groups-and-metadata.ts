import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from './0004-upload-counts';

/** Compared as bytes on both databases (PostgreSQL's "C" collation; SQLite's BINARY is its default), so a prefix is a range. */
const bytewise = (db: Kysely<unknown>, column: ColumnDefinitionBuilder) => (isPostgres(db) ? column.modifyFront(sql`collate "C"`) : column);

/**
 * Groups of an account's records and key-value metadata on records.
 *
 * `groups`: named by the account (unique per account). `upload_groups`: which records a group
 * holds; a record may be in any number of groups, and deleting a group deletes only these rows.
 *
 * `upload_meta`: one row per key of a record, what the file list filters on (equals, prefix,
 * exists) through `upload_meta_user_key_value`, scoped to the account. `uploads.meta` holds the
 * same pairs as one JSON object, written in the same transaction, so a page of records is
 * presented without a second query.
 *
 * `pin_jobs.group_id` / `pin_jobs.record_meta`: what a pin asked for its record, applied when the
 * job records it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('groups_user_name').on('groups').columns(['user_id', 'name']).unique().execute();

  await db.schema
    .createTable('upload_groups')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_groups_pk', ['group_id', 'upload_id'])
    .execute();
  await db.schema.createIndex('upload_groups_upload').on('upload_groups').columns(['upload_id', 'group_id']).execute();

  await db.schema
    .createTable('upload_meta')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => bytewise(db, c.notNull()))
    .addColumn('value', 'text', (c) => bytewise(db, c.notNull()))
    .addPrimaryKeyConstraint('upload_meta_pk', ['upload_id', 'key'])
    .execute();
  await db.schema.createIndex('upload_meta_user_key_value').on('upload_meta').columns(['user_id', 'key', 'value', 'upload_id']).execute();

  await db.schema
    .alterTable('uploads')
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('pin_jobs').addColumn('group_id', 'text').execute();
  await db.schema.alterTable('pin_jobs').addColumn('record_meta', 'text').execute();
  // Size and type filters of the file list, within an account.
  await db.schema.createIndex('uploads_user_size').on('uploads').columns(['user_id', 'size', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_user_size').execute();
  await db.schema.alterTable('pin_jobs').dropColumn('record_meta').execute();
  await db.schema.alterTable('pin_jobs').dropColumn('group_id').execute();
  await db.schema.alterTable('uploads').dropColumn('meta').execute();
  await db.schema.dropTable('upload_meta').execute();
  await db.schema.dropTable('upload_groups').execute();
  await db.schema.dropTable('groups').execute();
}
