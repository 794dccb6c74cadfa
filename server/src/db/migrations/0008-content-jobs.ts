import { sql, type Kysely } from 'kysely';

/**
 * The outbox of content-engine work. `content_jobs`: one row per engine operation that must
 * follow a database change (release a CID nobody references), written in the transaction of that
 * change and carried out by any instance under a lease, with retries and a bounded attempt count.
 * A row tied to a quota reservation is an upload's claim on what it pinned: it runs only once the
 * reservation is gone (the upload failed, or its process died). `leases`: locks that hold across
 * instances (one CID recorded or released at a time). `pin_jobs.attempts` bounds takeovers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('reservation_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_jobs_due').on('content_jobs').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('content_jobs_cid').on('content_jobs').columns(['cid']).execute();
  await db.schema.createIndex('content_jobs_reservation').on('content_jobs').columns(['reservation_id']).execute();

  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('pin_jobs')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pin_jobs').dropColumn('attempts').execute();
  await db.schema.dropTable('leases').execute();
  await db.schema.dropTable('content_jobs').execute();
}
