import type { Kysely } from 'kysely';

/**
 * `request_id` on pin jobs and on the outbox of content-engine jobs: the request that queued the
 * job (null for work no request started, and for rows older than this), so that the runner, on any
 * instance and however much later, logs it with every line about the job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pin_jobs').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('content_jobs').addColumn('request_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_jobs').dropColumn('request_id').execute();
  await db.schema.alterTable('pin_jobs').dropColumn('request_id').execute();
}
