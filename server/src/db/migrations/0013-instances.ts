import type { Kysely } from 'kysely';

/**
 * `instances`: every API instance of a deployment, with the address the others reach it at and
 * when it last said it was alive.
 *
 * `resumable_uploads.instance_id`: the instance whose data directory holds the upload's partial
 * file; the others forward the upload's requests to it. Null for uploads made before: they stay
 * where they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('resumable_uploads').addColumn('instance_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('resumable_uploads').dropColumn('instance_id').execute();
  await db.schema.dropTable('instances').execute();
}
