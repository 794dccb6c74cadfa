import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { PinJobRow, PinJobsTable } from '../db/schema';
import { newId } from '../lib/ids';

/** A new job, queued at `at` (by the request `request_id`, if any), that nobody has started. */
export function queuedPinJob(
  fields: Pick<PinJobRow, 'user_id' | 'cid' | 'original_name' | 'custom_name' | 'origins' | 'kind' | 'request_id'> &
    Partial<Pick<PinJobRow, 'group_id' | 'record_meta'>> & { private?: number },
  at: string,
): PinJobRow {
  return {
    group_id: null,
    record_meta: null,
    ...fields,
    private: fields.private ?? 0,
    id: newId(),
    status: 'queued',
    bytes_fetched: 0,
    blocks: 0,
    error: null,
    error_code: null,
    upload_id: null,
    claimed_by: null,
    attempts: 0,
    created_at: at,
    updated_at: at,
  };
}

type JobUpdate = Partial<Pick<PinJobRow, 'status' | 'bytes_fetched' | 'blocks' | 'error' | 'error_code' | 'upload_id'>>;

/**
 * Pin jobs (pins by CID and Pinning Service API pins) live in the database so that any instance can
 * run them and report on them. Each is run as the job runner's `pin` task, whose row has the pin
 * job's id and is queued with it: the lease of that row says who runs the pin.
 */
export function createPinJobStore(db: Db) {
  /**
   * A job's Pinning Service API request keeps the job's status: written right after the job's row,
   * in its transaction (the order every transaction that takes both follows: see `psaPins.take`).
   */
  const tellRequest = (trx: Db, id: string, status: PinJobRow['status']) =>
    trx.updateTable('psa_pins').set({ status }).where('job_id', '=', id).execute();

  return {
    /** Writes a pin job and, when it is queued, the task that runs it, in `trx` (or a transaction of their own). */
    async insert(row: Insertable<PinJobsTable>, trx?: Db): Promise<void> {
      const write = async (t: Db) => {
        await t.insertInto('pin_jobs').values(row).execute();
        if (row.status !== 'queued') return;
        await t
          .insertInto('jobs')
          .values({
            id: row.id,
            kind: 'pin',
            account_id: row.user_id,
            status: 'pending',
            attempts: 0,
            run_after: row.created_at,
            request_id: row.request_id ?? null,
            created_at: row.created_at,
            updated_at: row.created_at,
          })
          .execute();
      };
      if (trx) await write(trx);
      else await db.transaction().execute(write);
    },

    /**
     * Ends a queued or running job whose request was withdrawn, and withdraws its task (a runner
     * fetching it notices and stops); false when it had already ended.
     */
    async cancel(trx: Db, id: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('pin_jobs')
        .set({ status: 'failed', error: 'The pin request was removed', error_code: 'cancelled', updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'pinning'])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await tellRequest(trx, id, 'failed');
      await trx.deleteFrom('jobs').where('id', '=', id).where('kind', '=', 'pin').execute();
      return true;
    },

    /**
     * The runner `worker`, which has just taken the job's task, starts fetching: the job is
     * `pinning` and only `worker` may write its end; `fresh` when it was queued until now (not a
     * takeover). Undefined when it is over (cancelled, or finished before a crash lost its task's end).
     */
    async start(
      trx: Db,
      id: string,
      worker: string,
      attempts: number,
      now: string,
    ): Promise<{ job: PinJobRow; fresh: boolean } | undefined> {
      const claim = (from: PinJobRow['status']) =>
        trx
          .updateTable('pin_jobs')
          .set({ status: 'pinning', claimed_by: worker, attempts, updated_at: now })
          .where('id', '=', id)
          .where('status', '=', from)
          .executeTakeFirst();
      const fresh = Number((await claim('queued')).numUpdatedRows) === 1;
      if (fresh) await tellRequest(trx, id, 'pinning');
      else if (Number((await claim('pinning')).numUpdatedRows) !== 1) return undefined;
      const job = await trx.selectFrom('pin_jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return job && { job, fresh };
    },

    /**
     * Marks a job pinned, in the transaction that records its content, while `worker` still runs
     * it; false when it was cancelled or taken over meanwhile (the caller then records nothing).
     */
    async finishPinned(trx: Db, id: string, worker: string, changes: JobUpdate, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('pin_jobs')
        .set({ ...changes, status: 'pinned', updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pinning')
        .where('claimed_by', '=', worker)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await tellRequest(trx, id, 'pinned');
      return true;
    },

    /** Ends a job as failed while `worker` still runs it; false when it was cancelled or taken over. */
    async failRun(trx: Db, id: string, worker: string, error: string, code: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('pin_jobs')
        .set({ status: 'failed', error, error_code: code, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pinning')
        .where('claimed_by', '=', worker)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await tellRequest(trx, id, 'failed');
      return true;
    },

    /** A running job's progress, written only while `worker` still runs it. */
    async progress(id: string, worker: string, changes: Pick<JobUpdate, 'bytes_fetched' | 'blocks'>): Promise<void> {
      await db
        .updateTable('pin_jobs')
        .set(changes)
        .where('id', '=', id)
        .where('status', '=', 'pinning')
        .where('claimed_by', '=', worker)
        .execute();
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

    /** Whether a job is pinning this CID now (its runner holds its task's lease at `now`). */
    async runningOn(cid: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('pin_jobs as p')
        .innerJoin('jobs as j', 'j.id', 'p.id')
        .select('p.id')
        .where('p.cid', '=', cid)
        .where('p.status', '=', 'pinning')
        .where('j.status', '=', 'running')
        .where('j.lease_until', '>=', now)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
