import { PostgresAdapter, sql, type Kysely } from 'kysely';

const onPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Request limits shared by every instance.
 * - `request_limits`: one counter per limited key (`api:ip:…`, `psa:token:…`, `gw:cid:…`, `login:…`),
 *   in the layout rate-limiter-flexible's SQLite and PostgreSQL stores read and write: `points`
 *   spent in the window that ends at `expire` (epoch milliseconds). The maintenance sweep deletes
 *   windows long over. It replaces `rate_limits`, which an instance of the previous version may
 *   still use during a rolling deploy: that table is dropped by a later migration. On PostgreSQL
 *   the table is UNLOGGED: a count is written on nearly every request, and waiting for the WAL to
 *   reach the disk each time would cost more than the request; a crash of PostgreSQL empties it,
 *   which only gives every client a fresh window.
 * - `plans.request_limit_factor`: multiplies the per-token limits of the plan's accounts; 0 lifts
 *   them. Per-IP limits stay, since they protect the service from whoever shares an address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_limits')
    .$call((table) => (onPostgres(db) ? table.modifyFront(sql`unlogged`) : table))
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  await db.schema.createIndex('request_limits_expire').on('request_limits').column('expire').execute();
  await db.schema
    .alterTable('plans')
    .addColumn('request_limit_factor', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plans').dropColumn('request_limit_factor').execute();
  await db.schema.dropTable('request_limits').execute();
}
