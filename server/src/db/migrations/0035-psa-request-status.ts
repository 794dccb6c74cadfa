import { sql, type Kysely } from 'kysely';
import { isPostgres } from './0004-upload-counts';

/**
 * Each Pinning Service API request keeps its job's status (`psa_pins.status`, written in the same
 * transaction as the job's), so that a list and its `count` read the account's requests alone, on
 * `psa_pins (user_id, status, created_at)`, rather than joining every request to its job and
 * record: with 100,000 requests the count was most of a second.
 *
 * A pinned request is visible only while its record exists, and deleting a record deletes the
 * requests on it, in its transaction (the record locked first). Requests an older version left
 * pinned on a record deleted since were hidden by every read; they are deleted here.
 *
 * On PostgreSQL, where 0034 installed `pg_trgm` and `btree_gin`, the folded names get a trigram
 * index, account first: a partial name filter counts its matches through it rather than reading
 * every request of the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('psa_pins')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .execute();
  await sql`update psa_pins set status = (select j.status from pin_jobs j where j.id = psa_pins.job_id)`.execute(db);
  await sql`delete from psa_pins where status = 'pinned' and not exists (
    select 1 from pin_jobs j join uploads u on u.id = j.upload_id where j.id = psa_pins.job_id)`.execute(db);
  await db.schema.createIndex('psa_pins_user_status_created').on('psa_pins').columns(['user_id', 'status', 'created_at']).execute();
  if (await hasTrigrams(db)) {
    await sql`create index psa_pins_user_name_trigrams on psa_pins using gin (user_id, name_folded gin_trgm_ops)`.execute(db);
  }
}

async function hasTrigrams(db: Kysely<unknown>): Promise<boolean> {
  if (!isPostgres(db)) return false;
  const installed = await sql<{ n: number }>`
    select count(*)::int as n from pg_extension where extname in ('pg_trgm', 'btree_gin')`.execute(db);
  return installed.rows[0]?.n === 2;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`drop index if exists psa_pins_user_name_trigrams`.execute(db);
  await db.schema.dropIndex('psa_pins_user_status_created').execute();
  await db.schema.alterTable('psa_pins').dropColumn('status').execute();
}
