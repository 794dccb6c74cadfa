import { sql, type Kysely } from 'kysely';
import { isPostgres } from './0004-upload-counts';

/**
 * On PostgreSQL, a trigram index of the lower-cased record names (`pg_trgm`, shipped with
 * PostgreSQL and trusted: the database's owner may create it), so that the file list's name filter
 * and search, a substring anywhere in the name, read the matching records instead of every record of
 * the account. Where the extension cannot be had (a server without its contrib modules, a role
 * that may not create it), the list works as before and scans; nothing else depends on it. SQLite
 * scans a name filter in a few milliseconds per hundred thousand records and gets no such index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows[0]?.n !== 1) return;
  // Within the migrations' transaction: a refused `create extension` must not undo the others.
  await sql`savepoint name_search`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint name_search`.execute(db);
    return;
  }
  await sql`release savepoint name_search`.execute(db);
  await sql`create index uploads_name_trigrams on uploads using gin (lower(name) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists uploads_name_trigrams`.execute(db);
}
