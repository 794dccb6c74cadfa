import { sql, type Kysely } from 'kysely';
import { isPostgres } from './0004-upload-counts';

/**
 * On PostgreSQL, the trigram index of the record names gets the account first (`btree_gin`, shipped
 * with PostgreSQL beside `pg_trgm` and trusted like it): a search is one account's search, and
 * trigrams every name shares (`fil`, `.tx`) had posting lists of every account's records, read and
 * intersected per search. Where `btree_gin` cannot be had, the index of 0026 stays as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const available = await sql<{ name: string }>`
    select name from pg_available_extensions where name in ('pg_trgm', 'btree_gin')`.execute(db);
  if (available.rows.length !== 2) return;
  // Within the migrations' transaction: a refused `create extension` must not undo the others.
  await sql`savepoint account_name_search`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create extension if not exists btree_gin`.execute(db);
  } catch {
    await sql`rollback to savepoint account_name_search`.execute(db);
    return;
  }
  await sql`release savepoint account_name_search`.execute(db);
  await sql`create index uploads_user_name_trigrams on uploads using gin (user_id, lower(name) gin_trgm_ops)`.execute(db);
  await sql`drop index if exists uploads_name_trigrams`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const index = await sql<{ n: number }>`
    select count(*)::int as n from pg_indexes where indexname = 'uploads_user_name_trigrams'`.execute(db);
  if (index.rows[0]?.n !== 1) return;
  await sql`create index if not exists uploads_name_trigrams on uploads using gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`drop index uploads_user_name_trigrams`.execute(db);
}
