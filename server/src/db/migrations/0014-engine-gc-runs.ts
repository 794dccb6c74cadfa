import type { Kysely } from 'kysely';

/**
 * `engine_gc_runs`: each garbage collection of the kubo or cluster engine's nodes, by whichever
 * instance ran it (on its schedule or an admin's request), with what it removed or why it did
 * not finish. The schedule reads when the last one ended; the admin console lists them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engine_gc_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('blocks_removed', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('engine_gc_runs_started').on('engine_gc_runs').columns(['started_at']).execute();
  await db.schema.createIndex('engine_gc_runs_finished').on('engine_gc_runs').columns(['finished_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('engine_gc_runs').execute();
}
