import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('referred_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_active_at', 'text')
    .execute();
  await db.schema.createIndex('users_referred_by').on('users').column('referred_by').execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('allowed_ip', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_ip', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();

  await db.schema
    .createTable('logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_email', 'text')
    .addColumn('details', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('logs_created_at').on('logs').column('created_at').execute();
  await db.schema.createIndex('logs_action').on('logs').columns(['action', 'created_at']).execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_limits', 'logs', 'api_tokens', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
