import type { SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { JobRow } from '../db/schema';
import { ACTIVE_PIN_JOB } from './job-store';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';

/** A job as listed, with whether it is the claim of an upload still streaming (it cannot run before that ends). */
export type ListedContentJob = JobRow & { waits_for_upload: SqlBool };

function listed(db: Db) {
  return db
    .selectFrom('jobs as j')
    .selectAll('j')
    .where('j.kind', '=', 'release')
    .select((eb) =>
      eb.exists(eb.selectFrom('quota_reservations as r').select('r.id').whereRef('r.id', '=', 'j.reservation_id')).as('waits_for_upload'),
    );
}

/**
 * The outbox of content-engine jobs. Rows are written inside the caller's transaction (`trx`), with
 * the id of the request that queued them (`queuedBy`, null for work no request started), claimed by
 * one instance at a time under a lease, and deleted once carried out.
 */
export function createContentJobStore(db: Db) {
  async function insertRelease(
    trx: Db,
    cid: string,
    waitFor: Pick<JobRow, 'reservation_id' | 'pin_job_id' | 'upload_id'>,
    queuedBy: string | null,
  ): Promise<string> {
    const now = nowIso();
    const id = newId();
    await trx
      .insertInto('jobs')
      .values({
        id,
        kind: 'release',
        cid,
        ...waitFor,
        status: 'pending',
        attempts: 0,
        run_after: now,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        request_id: queuedBy,
      })
      .execute();
    return id;
  }

  return {
    /** True when a release of `cid` for this reservation is already queued. */
    async releasePending(cid: string, reservationId: string): Promise<boolean> {
      const row = await db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'release')
        .where('cid', '=', cid)
        .where('reservation_id', '=', reservationId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Queues the release of a CID (unpin unless referenced) in the transaction that stops referencing it. */
    enqueueRelease: (trx: Db, cid: string, reservationId: string | null = null, queuedBy: string | null = null): Promise<string> =>
      insertRelease(trx, cid, { reservation_id: reservationId, pin_job_id: null, upload_id: null }, queuedBy),

    /**
     * Holds a CID pinned, and the record `uploadId` (if any) in place, until the pin job
     * `pinJobId` is over (pinned, failed, or gone); then the record goes unless something else
     * stands on it, and the CID is released unless referenced: the content of a replaced pin
     * request, kept (and charged) while its successor fetches what they share.
     */
    holdUntilPinJobEnds: (trx: Db, cid: string, pinJobId: string, uploadId: string | null, queuedBy: string | null): Promise<string> =>
      insertRelease(trx, cid, { reservation_id: null, pin_job_id: pinJobId, upload_id: uploadId }, queuedBy),

    /**
     * Makes every hold waiting for `fromJobId` wait for `toJobId` as well (copies, so a hold is
     * never shortened): a replacement replaced before its job ended passes on what it held.
     */
    async passOnHolds(trx: Db, fromJobId: string, toJobId: string, queuedBy: string | null): Promise<void> {
      const held = await trx.selectFrom('jobs').select(['cid', 'upload_id']).where('pin_job_id', '=', fromJobId).execute();
      for (const row of held) {
        await insertRelease(trx, row.cid!, { reservation_id: null, pin_job_id: toJobId, upload_id: row.upload_id }, queuedBy);
      }
    },

    /** Bytes of the records, not owned by their account, that holds keep for a pin job: what its record will free. */
    async heldBytes(trx: Db, pinJobId: string): Promise<number> {
      const row = await trx
        .selectFrom('jobs as h')
        .innerJoin('uploads as u', 'u.id', 'h.upload_id')
        .select((eb) => eb.fn.sum<number>('u.size').as('bytes'))
        .where('h.pin_job_id', '=', pinJobId)
        .where('u.owned', '=', 0)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /** The holds waiting for a pin job that still keep a record. */
    heldRecords: (trx: Db, pinJobId: string): Promise<Array<Pick<JobRow, 'id' | 'upload_id'>>> =>
      trx.selectFrom('jobs').select(['id', 'upload_id']).where('pin_job_id', '=', pinJobId).where('upload_id', 'is not', null).execute(),

    /** The hold has settled its record (dropped it, or found it standing on its own): it keeps only the CID. */
    async recordSettled(trx: Db, id: string): Promise<void> {
      await trx.updateTable('jobs').set({ upload_id: null }).where('id', '=', id).execute();
    },

    /** Whether a hold keeps this CID pinned for a pin job that is not over. */
    async heldForPinJob(trx: Db, cid: string): Promise<boolean> {
      const row = await trx
        .selectFrom('jobs as j')
        .innerJoin('pin_jobs as p', 'p.id', 'j.pin_job_id')
        .select('j.id')
        .where('j.cid', '=', cid)
        .where('p.status', 'in', ACTIVE_PIN_JOB)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Drops an upload's claim on a CID once its record holds the CID (inside the record's transaction). */
    async dropClaim(trx: Db, reservationId: string, cid: string): Promise<void> {
      await trx.deleteFrom('jobs').where('reservation_id', '=', reservationId).where('cid', '=', cid).execute();
    },

    /** Whether an upload still streaming (its reservation alive) claims this CID. */
    async claimedByLiveUpload(trx: Db, cid: string): Promise<boolean> {
      const row = await trx
        .selectFrom('jobs as j')
        .innerJoin('quota_reservations as r', 'r.id', 'j.reservation_id')
        .select('j.id')
        .where('j.cid', '=', cid)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many jobs are in each state (claims of live uploads count as pending). */
    async counts(): Promise<Record<'pending' | 'running' | 'failed', number>> {
      const rows = await db
        .selectFrom('jobs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('kind', '=', 'release')
        .groupBy('status')
        .execute();
      const counts = { pending: 0, running: 0, failed: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    /** One page of jobs in the outbox's order (oldest first), all or those in one state. */
    async list(page: { status?: JobRow['status']; offset: number; limit: number }): Promise<{ rows: ListedContentJob[]; total: number }> {
      let base = db.selectFrom('jobs as j').where('j.kind', '=', 'release');
      let rows = listed(db);
      if (page.status) {
        base = base.where('j.status', '=', page.status);
        rows = rows.where('j.status', '=', page.status);
      }
      const [found, count] = await Promise.all([
        rows.orderBy('j.created_at').orderBy('j.id').limit(page.limit).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: found, total: Number(count.n) };
    },

    find: (id: string): Promise<ListedContentJob | undefined> => listed(db).where('j.id', '=', id).executeTakeFirst(),

    /**
     * Makes a waiting or given-up job due now with a fresh series of attempts (its last error kept
     * until the next attempt). A job an instance is carrying out is left alone: false.
     */
    async retry(id: string): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'pending', attempts: 0, run_after: nowIso(), lease_owner: null, lease_until: null, updated_at: nowIso() })
        .where('id', '=', id)
        .where('kind', '=', 'release')
        .where('status', 'in', ['pending', 'failed'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
