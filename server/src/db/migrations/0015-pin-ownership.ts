import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Who owns a record when one account holds a CID in several ways.
 *
 * `uploads.owned`: 1 when the account holds the content itself (an upload, a folder, a CAR, a pin
 * by CID), 0 when only its Pinning Service API pins stand on the record. Removing a remote pin
 * removes the record only when it is not owned and no other pin stands on it; an upload or a pin by
 * CID of content held that way makes the record owned. Existing records are owned unless a
 * Pinning Service API job made them: the record is a pin whose only jobs are such jobs, the
 * earliest of them queued before the record was written (a job that found the record already
 * there did not make it). Where that cannot be told, the record is owned: kept rather than lost.
 *
 * `pin_jobs.kind`: `psa` for the jobs of Pinning Service API requests, `pin` for pins by CID.
 *
 * `content_jobs.pin_job_id`: a release that waits until that pin job is over, holding its CID
 * pinned meanwhile, and `content_jobs.upload_id` the record it keeps (charged) until then. A
 * replaced pin request (`POST /psa/pins/{requestid}`) is gone at once; its content and record are
 * held this way until the new request's job ends. `psa_pins.replaces` (the old request kept until
 * its successor was pinned) goes: replacements in flight are converted here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('owned', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('pin_jobs')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('pin'))
    .execute();
  await db.schema.alterTable('content_jobs').addColumn('pin_job_id', 'text').execute();
  await db.schema.alterTable('content_jobs').addColumn('upload_id', 'text').execute();
  await db.schema.createIndex('content_jobs_pin_job').on('content_jobs').column('pin_job_id').execute();
  await db.schema.createIndex('content_jobs_upload').on('content_jobs').column('upload_id').execute();
  await db.schema.createIndex('pin_jobs_upload').on('pin_jobs').column('upload_id').execute();

  await sql`update pin_jobs set kind = 'psa' where id in (select job_id from psa_pins)`.execute(db);
  await sql`update uploads set owned = 0
    where source = 'pin'
      and exists (select 1 from pin_jobs j where j.upload_id = uploads.id and j.kind = 'psa' and j.created_at <= uploads.created_at)
      and not exists (select 1 from pin_jobs j where j.upload_id = uploads.id and j.kind = 'pin')`.execute(db);

  await convertReplacements(db);
  await db.schema.dropIndex('psa_pins_replaces').execute();
  await db.schema.alterTable('psa_pins').dropColumn('replaces').execute();
}

interface Replacement {
  new_job_id: string;
  old_requestid: string;
  old_job_id: string;
  old_cid: string;
  old_status: string;
  upload_id: string | null;
}

/**
 * Replacements in flight take the new rule: the old request goes now (a fetch it had running is
 * cancelled), and its content and record are held until the new request's job is over.
 */
async function convertReplacements(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<Replacement>`select p.job_id as new_job_id, o.requestid as old_requestid, o.job_id as old_job_id,
      o.cid as old_cid, j.status as old_status, j.upload_id
    from psa_pins p
    join psa_pins o on o.requestid = p.replaces
    join pin_jobs j on j.id = o.job_id`.execute(db);
  const now = new Date().toISOString();
  for (const old of rows) {
    await sql`delete from psa_pin_meta where requestid = ${old.old_requestid}`.execute(db);
    await sql`delete from psa_pins where requestid = ${old.old_requestid}`.execute(db);
    if (old.old_status === 'queued' || old.old_status === 'pinning') {
      await sql`update pin_jobs set status = 'failed', error = 'The pin request was removed', error_code = 'cancelled', updated_at = ${now}
        where id = ${old.old_job_id}`.execute(db);
    }
    const held = old.old_status === 'pinned' ? old.upload_id : null;
    await sql`insert into content_jobs (id, kind, cid, reservation_id, pin_job_id, upload_id, status, attempts, run_after, created_at, updated_at)
      values (${crypto.randomUUID()}, 'release', ${old.old_cid}, null, ${old.new_job_id}, ${held}, 'pending', 0, ${now}, ${now}, ${now})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('psa_pins').addColumn('replaces', 'text').execute();
  await db.schema.createIndex('psa_pins_replaces').on('psa_pins').column('replaces').execute();
  await db.schema.dropIndex('pin_jobs_upload').execute();
  await db.schema.dropIndex('content_jobs_upload').execute();
  await db.schema.dropIndex('content_jobs_pin_job').execute();
  await db.schema.alterTable('content_jobs').dropColumn('upload_id').execute();
  await db.schema.alterTable('content_jobs').dropColumn('pin_job_id').execute();
  await db.schema.alterTable('pin_jobs').dropColumn('kind').execute();
  await db.schema.alterTable('uploads').dropColumn('owned').execute();
}
