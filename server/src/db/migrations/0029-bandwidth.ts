import type { Kysely } from 'kysely';

/**
 * Gateway bandwidth. `bandwidth_daily`: the requests and body bytes the gateway sent for a record
 * on one UTC day, written by every instance as additive upserts of the counts it gathered in memory
 * (never a write per request). A row keeps the account it was charged to and outlives its record:
 * deleting a file does not give the month's egress back.
 *
 * `plans.egress_limit_bytes`: the bytes an account of the plan may download through the gateway in
 * a calendar month (UTC); null is unlimited. `plans.egress_over_limit`: what the gateway does past
 * it, `block` (429 `bandwidth_limit_exceeded`) or `serve` (keeps serving; the usage shows it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bandwidth_daily')
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bandwidth_daily_pk', ['upload_id', 'day'])
    .execute();
  // An account's month and days, and every account's range for the admin figures.
  await db.schema.createIndex('bandwidth_daily_user_day').on('bandwidth_daily').columns(['user_id', 'day']).execute();
  await db.schema.createIndex('bandwidth_daily_day').on('bandwidth_daily').column('day').execute();

  await db.schema.alterTable('plans').addColumn('egress_limit_bytes', 'bigint').execute();
  await db.schema
    .alterTable('plans')
    .addColumn('egress_over_limit', 'text', (c) => c.notNull().defaultTo('block'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plans').dropColumn('egress_over_limit').execute();
  await db.schema.alterTable('plans').dropColumn('egress_limit_bytes').execute();
  await db.schema.dropTable('bandwidth_daily').execute();
}
