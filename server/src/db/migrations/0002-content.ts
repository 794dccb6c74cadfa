import { sql, type Kysely } from 'kysely';

/** Plans, the files each account holds, quota accounting and pin-by-CID jobs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_limit_bytes', 'bigint', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await sql`insert into plans (code, name, storage_limit_bytes, price_cents, description, active, is_default, created_at, updated_at)
    values ('free', 'Free', ${1024 ** 3}, 0, 'Get started: 1 GB of pinned storage.', 1, 1, ${now}, ${now})`.execute(db);

  // Counters kept in the user row so that one conditional UPDATE both checks and reserves quota
  // (atomic on SQLite and PostgreSQL alike, so concurrent uploads cannot overshoot).
  await db.schema
    .alterTable('users')
    .addColumn('plan_code', 'text', (c) => c.notNull().defaultTo('free'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('storage_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('storage_reserved', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('bonus_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text')
    .addColumn('custom_name', 'text')
    .addColumn('name_source', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('files_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user_cid').on('uploads').columns(['user_id', 'cid']).unique().execute();
  await db.schema.createIndex('uploads_user_name').on('uploads').columns(['user_id', 'name']).unique().execute();
  await db.schema.createIndex('uploads_user_created').on('uploads').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('uploads_cid').on('uploads').column('cid').execute();

  await db.schema
    .createTable('quota_reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quota_reservations_heartbeat').on('quota_reservations').column('heartbeat_at').execute();

  await db.schema
    .createTable('pin_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text')
    .addColumn('custom_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bytes_fetched', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('blocks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('error_code', 'text')
    .addColumn('upload_id', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('heartbeat_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pin_jobs_status').on('pin_jobs').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('pin_jobs_user').on('pin_jobs').columns(['user_id', 'cid']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pin_jobs', 'quota_reservations', 'uploads', 'plans']) await db.schema.dropTable(table).execute();
  for (const column of ['bonus_bytes', 'storage_reserved', 'storage_used', 'plan_code']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
