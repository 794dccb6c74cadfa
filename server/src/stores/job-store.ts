import type { Db } from '../db/database';
import type { JobKind, JobRow, JobsTable } from '../db/schema';
import type { Insertable } from 'kysely';
import { isUniqueViolation } from '../lib/db-errors';

/** A pin job that is not over: a release held for it waits, and keeps its CID pinned. */
export const ACTIVE_PIN_JOB = ['queued', 'pinning'] as const;

export interface ClaimOptions {
  /** Only this row (a job run now, or the periodic row of this instance). */
  onlyId?: string;
  /** Skip the jobs of an account that has one of these kinds running: one slot per account. */
  onePerAccount?: boolean;
}

/**
 * Jobs that may run now: due and pending, or running under a lease that lapsed (its runner died);
 * and not waiting for anything: the claim of an upload still streaming waits for its reservation
 * to go, a hold for a replaced pin waits until the pin job it holds for is over.
 */
function runnable(db: Db, kinds: readonly JobKind[], now: string) {
  return db
    .selectFrom('jobs as j')
    .selectAll('j')
    .where('j.kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('j.status', '=', 'pending'), eb('j.run_after', '<=', now)]),
        eb.and([eb('j.status', '=', 'running'), eb('j.lease_until', '<', now)]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('j.reservation_id', 'is', null),
        eb.not(eb.exists(eb.selectFrom('quota_reservations as r').select('r.id').whereRef('r.id', '=', 'j.reservation_id'))),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('j.pin_job_id', 'is', null),
        eb.not(
          eb.exists(
            eb.selectFrom('pin_jobs as p').select('p.id').whereRef('p.id', '=', 'j.pin_job_id').where('p.status', 'in', ACTIVE_PIN_JOB),
          ),
        ),
      ]),
    );
}

/** The job runner's table (`server/src/jobs/runner.ts`): claims under a lease, renewals, ends and retries. */
export function createJobStore(db: Db) {
  return {
    /** Queues a job in the caller's transaction. */
    async insert(trx: Db, row: Insertable<JobsTable>): Promise<void> {
      await trx.insertInto('jobs').values(row).execute();
    },

    /** Adds a periodic task's row unless it is there (every instance does at start; one row stays). */
    async ensure(id: string, kind: JobKind, runAfter: string, now: string): Promise<void> {
      await db
        .insertInto('jobs')
        .values({ id, kind, status: 'pending', attempts: 0, run_after: runAfter, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    /**
     * Takes the lease of the next job of `kinds` that may run, oldest due first; the conditional
     * UPDATE lets exactly one instance win each job, and a unique index one job of an account.
     * Undefined when none is free.
     */
    async claimNext(kinds: readonly JobKind[], owner: string, now: string, leaseUntil: string, options: ClaimOptions = {}) {
      let query = runnable(db, kinds, now).orderBy('j.run_after').orderBy('j.created_at').limit(5);
      if (options.onlyId) query = query.where('j.id', '=', options.onlyId);
      if (options.onePerAccount) {
        const busy = db
          .selectFrom('jobs as b')
          .select('b.account_id')
          .where('b.kind', 'in', kinds)
          .where('b.status', '=', 'running')
          .where('b.lease_until', '>=', now)
          .where('b.account_id', 'is not', null);
        query = query.where((eb) => eb.or([eb('j.account_id', 'is', null), eb('j.account_id', 'not in', busy as never)]));
      }
      for (const job of await query.execute()) {
        const result = await db
          .updateTable('jobs')
          .set({ status: 'running', lease_owner: owner, lease_until: leaseUntil, attempts: job.attempts + 1, updated_at: now })
          .where('id', '=', job.id)
          .where('status', '=', job.status)
          .where('updated_at', '=', job.updated_at)
          .executeTakeFirst()
          // Another instance took a job of the same account meanwhile (`jobs_one_per_account`).
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) return { numUpdatedRows: 0n };
            throw error;
          });
        if (Number(result.numUpdatedRows) === 1) {
          return {
            ...job,
            status: 'running',
            lease_owner: owner,
            lease_until: leaseUntil,
            attempts: job.attempts + 1,
            updated_at: now,
          } as JobRow;
        }
      }
      return undefined;
    },

    /** Extends `owner`'s lease on a running job; false when `owner` does not hold it any more. */
    async renew(id: string, owner: string, leaseUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whether `owner` still runs the job: not withdrawn, not taken over. */
    async holds(id: string, owner: string): Promise<boolean> {
      const row = await db
        .selectFrom('jobs')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Carried out: the row goes (only while this owner still holds it). */
    async complete(id: string, owner: string): Promise<void> {
      await db.deleteFrom('jobs').where('id', '=', id).where('lease_owner', '=', owner).execute();
    },

    /** A periodic task's run is over (done or not): it runs again at `runAfter`. */
    async reschedule(id: string, owner: string, runAfter: string, error: string | null, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          status: 'pending',
          attempts: 0,
          run_after: runAfter,
          lease_owner: null,
          lease_until: null,
          last_error: error,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** A failed attempt: pending again after `runAfter`, or `failed` for good when `final`. */
    async fail(id: string, owner: string, error: string, runAfter: string, final: boolean, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          status: final ? 'failed' : 'pending',
          run_after: runAfter,
          lease_owner: null,
          lease_until: null,
          last_error: error.slice(0, 1000),
          updated_at: now,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** Withdraws a job in the caller's transaction: a runner that holds it notices and stops. */
    async withdraw(trx: Db, id: string): Promise<void> {
      await trx.deleteFrom('jobs').where('id', '=', id).execute();
    },

    /** When the next pending job of `kind` comes due, if any. */
    async nextDue(kind: JobKind, onlyId?: string): Promise<string | undefined> {
      let query = db.selectFrom('jobs').select('run_after').where('kind', '=', kind).where('status', '=', 'pending');
      if (onlyId) query = query.where('id', '=', onlyId);
      const row = await query.orderBy('run_after').limit(1).executeTakeFirst();
      return row?.run_after;
    },

    find: (id: string): Promise<JobRow | undefined> => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}
