import { sql, type Kysely } from 'kysely';
import { isPostgres } from './0004-upload-counts';

/**
 * Indexes for the reads that must stay fast with millions of records:
 * - `users (created_at, id)`: the admin's accounts list, newest first, is a page of an index rather
 *   than a sort of every account;
 * - `uploads (created_at)`: the admin's daily series reads the last 30 days of records, not all;
 * - on PostgreSQL, `uploads (user_id, cid text_pattern_ops)`: the file list's search matches a CID
 *   prefix beside a name substring (the trigram index, 0026), and a prefix is a range of this index
 *   whatever the database's collation, so neither half of the search reads every record of the
 *   account. SQLite's `like` is case-insensitive and cannot use an index this way; it scans an
 *   account in a few milliseconds per hundred thousand records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_created_id').on('users').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('uploads_created').on('uploads').column('created_at').execute();
  if (isPostgres(db)) await sql`create index uploads_user_cid_prefix on uploads (user_id, cid text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`drop index if exists uploads_user_cid_prefix`.execute(db);
  await db.schema.dropIndex('uploads_created').execute();
  await db.schema.dropIndex('users_created_id').execute();
}
