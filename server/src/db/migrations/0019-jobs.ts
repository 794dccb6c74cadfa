import { sql, type Kysely } from 'kysely';

/**
 * One table of background work, `jobs`, for every task the job runner (`server/src/jobs/`) runs:
 * the content engine's outbox (`release`, the rows of `content_jobs`), pins by CID and Pinning
 * Service API pins (`pin`, a row per pin job still queued or fetching, whose id is the pin job's),
 * one-off data backfills (`recategorise`, the directories `category_rechecks` listed) and the
 * periodic tasks (sweeps, prunes, usage checks, engine garbage collection: one row each, added by
 * the runner when it starts). Each row is run by one instance at a time under a lease, retried
 * with backoff; `account_id`, set for the tasks that run one job per account at a time (pins), keeps
 * one account's work from holding every slot.
 *
 * `pin_jobs` stays as what pin requests report on (with the runs its task took, `attempts`); who
 * runs one and until when is its task's lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('cid', 'text')
    .addColumn('payload', 'text')
    .addColumn('reservation_id', 'text')
    .addColumn('pin_job_id', 'text')
    .addColumn('upload_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['kind', 'status', 'run_after']).execute();
  await db.schema.createIndex('jobs_account').on('jobs').columns(['kind', 'account_id', 'status']).execute();
  await db.schema.createIndex('jobs_cid').on('jobs').column('cid').execute();
  await db.schema.createIndex('jobs_reservation').on('jobs').column('reservation_id').execute();
  await db.schema.createIndex('jobs_pin_job').on('jobs').column('pin_job_id').execute();
  await db.schema.createIndex('jobs_upload').on('jobs').column('upload_id').execute();
  // What makes "one job of an account at a time" hold over every instance, however their claims interleave.
  await sql`create unique index jobs_one_per_account on jobs (kind, account_id) where status = 'running' and account_id is not null`.execute(
    db,
  );

  const now = new Date().toISOString();
  await sql`
    insert into jobs (id, kind, cid, reservation_id, pin_job_id, upload_id, status, attempts, run_after,
                      lease_owner, lease_until, last_error, request_id, created_at, updated_at)
    select id, kind, cid, reservation_id, pin_job_id, upload_id, status, attempts, run_after,
           lease_owner, lease_until, last_error, request_id, created_at, updated_at
    from content_jobs`.execute(db);
  // A pin being fetched when the servers stopped for the upgrade is run again, as after a crash.
  await sql`
    insert into jobs (id, kind, account_id, status, attempts, run_after, request_id, created_at, updated_at)
    select id, 'pin', user_id, 'pending', attempts, created_at, request_id, created_at, ${now}
    from pin_jobs where status in ('queued', 'pinning')`.execute(db);
  await sql`
    insert into jobs (id, kind, cid, status, attempts, run_after, created_at, updated_at)
    select 'recategorise:' || cid, 'recategorise', cid, 'pending', 0, ${now}, ${now}, ${now}
    from category_rechecks`.execute(db);

  await db.schema.dropTable('content_jobs').execute();
  await db.schema.dropTable('category_rechecks').execute();
  await db.schema.alterTable('pin_jobs').dropColumn('heartbeat_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pin_jobs').addColumn('heartbeat_at', 'text').execute();
  await sql`update pin_jobs set heartbeat_at = (select j.lease_until from jobs j where j.id = pin_jobs.id)`.execute(db);

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
    .addColumn('pin_job_id', 'text')
    .addColumn('upload_id', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema.createIndex('content_jobs_due').on('content_jobs').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('content_jobs_cid').on('content_jobs').columns(['cid']).execute();
  await db.schema.createIndex('content_jobs_reservation').on('content_jobs').columns(['reservation_id']).execute();
  await db.schema.createIndex('content_jobs_pin_job').on('content_jobs').column('pin_job_id').execute();
  await db.schema.createIndex('content_jobs_upload').on('content_jobs').column('upload_id').execute();
  await sql`
    insert into content_jobs (id, kind, cid, reservation_id, pin_job_id, upload_id, status, attempts, run_after,
                              lease_owner, lease_until, last_error, request_id, created_at, updated_at)
    select id, kind, cid, reservation_id, pin_job_id, upload_id, status, attempts, run_after,
           lease_owner, lease_until, last_error, request_id, created_at, updated_at
    from jobs where kind = 'release'`.execute(db);

  await db.schema
    .createTable('category_rechecks')
    .addColumn('cid', 'text', (c) => c.primaryKey())
    .execute();
  await sql`insert into category_rechecks (cid) select cid from jobs where kind = 'recategorise'`.execute(db);
  await db.schema.dropTable('jobs').execute();
}
