import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { PinJobRow, PinJobsTable } from '../db/schema';
import { newId } from '../lib/ids';

/** A new job, queued at `at` (by the request `request_id`, if any), that nobody has started. */
export function queuedPinJob(
  fields: Pick<PinJobRow, 'user_id' | 'cid' | 'original_name' | 'custom_name' | 'origins' | 'kind' | 'request_id'>,
  at: string,
): PinJobRow {
  return {
    ...fields,
    id: newId(),
    status: 'queued',
    bytes_fetched: 0,
    blocks: 0,
    error: null,
    error_code: null,
    upload_id: null,
    claimed_by: null,
    heartbeat_at: null,
    attempts: 0,
    created_at: at,
    updated_at: at,
  };
}

type JobUpdate = Partial<Pick<PinJobRow, 'status' | 'bytes_fetched' | 'blocks' | 'error' | 'error_code' | 'upload_id' | 'heartbeat_at'>>;

/** Pin-by-CID jobs live in the database so that any instance can run them and report on them. */
export function createPinJobStore(db: Db) {
  return {
    async insert(row: Insertable<PinJobsTable>, trx: Db = db): Promise<void> {
      await trx.insertInto('pin_jobs').values(row).execute();
    },

    /** Ends a queued or running job whose request was withdrawn; false when it had already ended. */
    async cancel(trx: Db, id: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('pin_jobs')
        .set({ status: 'failed', error: 'The pin request was removed', error_code: 'cancelled', updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'pinning'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Marks a job pinned, in the transaction that records its content, while `worker` still runs
     * it; false when it was cancelled or taken over meanwhile (the caller then records nothing).
     */
    async finishPinned(trx: Db, id: string, worker: string, changes: JobUpdate, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('pin_jobs')
        .set({ ...changes, status: 'pinned', heartbeat_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pinning')
        .where('claimed_by', '=', worker)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a job as failed while `worker` still runs it; false when it was cancelled or taken over. */
    async failRun(trx: Db, id: string, worker: string, error: string, code: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('pin_jobs')
        .set({ status: 'failed', error, error_code: code, heartbeat_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pinning')
        .where('claimed_by', '=', worker)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * A running job's heartbeat (and progress), written only while `worker` still runs it. False
     * when it does not any more: the job was cancelled, taken over, or deleted with its account.
     */
    async beat(id: string, worker: string, changes: Pick<JobUpdate, 'bytes_fetched' | 'blocks'>, now: string): Promise<boolean> {
      const result = await db
        .updateTable('pin_jobs')
        .set({ ...changes, heartbeat_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pinning')
        .where('claimed_by', '=', worker)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whether `worker` still runs this job: not cancelled, taken over, or deleted with its account. */
    async runBy(id: string, worker: string): Promise<boolean> {
      const row = await db
        .selectFrom('pin_jobs')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'pinning')
        .where('claimed_by', '=', worker)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A job as `trx` sees it. */
    get: (trx: Db, id: string): Promise<PinJobRow | undefined> =>
      trx.selectFrom('pin_jobs').selectAll().where('id', '=', id).executeTakeFirst(),

    findForUser: (userId: string, id: string): Promise<PinJobRow | undefined> =>
      db.selectFrom('pin_jobs').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    /** An unfinished pin by CID of this account for this CID, if any (a remote pin's job is its request's alone). */
    activeForUser: (userId: string, cid: string): Promise<PinJobRow | undefined> =>
      db
        .selectFrom('pin_jobs')
        .selectAll()
        .where('user_id', '=', userId)
        .where('cid', '=', cid)
        .where('kind', '=', 'pin')
        .where('status', 'in', ['queued', 'pinning'])
        .executeTakeFirst(),

    /**
     * Claims the oldest queued job, or a pinning job whose runner stopped beating before `staleBefore`,
     * of an account that has no job running: one account never holds more than one runner slot.
     * The conditional UPDATE makes the claim exclusive across instances.
     */
    async claimNext(worker: string, now: string, staleBefore: string): Promise<PinJobRow | undefined> {
      const busy = db.selectFrom('pin_jobs').select('user_id').where('status', '=', 'pinning').where('heartbeat_at', '>=', staleBefore);
      const candidates = await db
        .selectFrom('pin_jobs')
        .selectAll()
        .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'pinning'), eb('heartbeat_at', '<', staleBefore)])]))
        .where('user_id', 'not in', busy)
        .orderBy('created_at')
        .limit(5)
        .execute();
      for (const job of candidates) {
        const claimed = await db
          .updateTable('pin_jobs')
          .set({ status: 'pinning', claimed_by: worker, heartbeat_at: now, updated_at: now, attempts: job.attempts + 1 })
          .where('id', '=', job.id)
          .where('status', '=', job.status)
          .where('updated_at', '=', job.updated_at)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 1)
          return { ...job, status: 'pinning', claimed_by: worker, heartbeat_at: now, updated_at: now, attempts: job.attempts + 1 };
      }
      return undefined;
    },

    /**
     * Deletes finished jobs (pinned or failed) last changed before `before`; returns how many. A job
     * a Pinning Service API request still stands on is its status, and stays.
     */
    async pruneFinishedBefore(before: string): Promise<number> {
      const result = await db
        .deleteFrom('pin_jobs')
        .where('status', 'in', ['pinned', 'failed'])
        .where('updated_at', '<', before)
        .where('id', 'not in', db.selectFrom('psa_pins').select('job_id'))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Whether a job is pinning this CID now (its runner beat since `aliveSince`). */
    async runningOn(cid: string, aliveSince: string): Promise<boolean> {
      const row = await db
        .selectFrom('pin_jobs')
        .select('id')
        .where('cid', '=', cid)
        .where('status', '=', 'pinning')
        .where('heartbeat_at', '>=', aliveSince)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async update(id: string, changes: JobUpdate, now: string, trx: Db = db): Promise<void> {
      await trx
        .updateTable('pin_jobs')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
  };
}
