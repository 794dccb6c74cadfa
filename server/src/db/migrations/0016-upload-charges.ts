import { sql, type Kysely } from 'kysely';

/**
 * `uploads.charged_bytes`: what a record counts against its account's quota, which may differ from
 * its `size` (the file bytes): a DAG someone else built (a CAR, a pin) is charged the larger of its
 * file bytes and the bytes of every block it holds, a folder its names and links too.
 * `users.storage_used` is the sum of its records' charges; records made before were charged their
 * size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('charged_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update uploads set charged_bytes = size`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('charged_bytes').execute();
}
