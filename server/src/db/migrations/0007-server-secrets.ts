import { sql, type Kysely } from 'kysely';

/**
 * `server_secrets`: secrets every instance of a deployment must share, kept in the database they
 * share (the session signing key when JWT_SECRET is not set), so that instances on PostgreSQL
 * need no secret handed around by hand. The first instance to start writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
}
