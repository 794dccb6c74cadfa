import type { Kysely } from 'kysely';

/**
 * `usage_checks`: each comparison of every account's usage with the sum of its records' charges,
 * by whichever instance ran it (on its schedule or an admin's request): how many accounts it found
 * off, by how many bytes, which (`findings`, JSON, the first hundred) and how many it set right.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('repair', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addColumn('accounts_checked', 'integer', (c) => c.notNull())
    .addColumn('accounts_off', 'integer', (c) => c.notNull())
    .addColumn('bytes_off', 'bigint', (c) => c.notNull())
    .addColumn('accounts_repaired', 'integer', (c) => c.notNull())
    .addColumn('findings', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('usage_checks_finished').on('usage_checks').columns(['finished_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_checks').execute();
}
