import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { PsaPinsTable, UploadRow, UserRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { recordDeletedEvent } from '../../webhooks/events';

/** What withdrawing a request did, for its caller to carry out once the transaction has committed. */
export interface Withdrawal {
  /** The request's job, cancelled while queued or fetching: its runner is told to stop. */
  cancelledJobId: string | null;
  /** The record that went with the request (no other request stood on it, and the account did not own it). */
  removed: UploadRow | null;
  /** A release to run now (none when a successor holds the content). */
  releaseId: string | null;
}

/**
 * Withdraws a Pinning Service API request whose row `take` has just deleted, inside the same
 * transaction: a job still queued or fetching is cancelled; a pinned one's record is deleted and
 * refunded when nothing else stands on it (the account's own upload or pin by CID of the same
 * content, or another of its requests), and its content released unless referenced.
 *
 * For a replacement (`successorJobId`) all of this waits until the successor's job is over: the
 * content stays pinned, so that what both share is never fetched again, and the record stays in
 * place and charged (so that replacing never frees storage for a while), then goes as above
 * (`heldRecordSettler`). The successor also takes on the holds the withdrawn request had for the
 * requests it replaced.
 *
 * The jobs it queues keep `queuedBy`, the id of the request that withdraws.
 *
 * Every decision reads and locks rows in `trx`, so that a request removed while its job records
 * the content, or while another request of the same record is removed, takes effect once.
 */
export async function psaPinWithdrawer(
  app: AppContext,
  trx: Db,
  user: UserRow,
  pin: Pick<PsaPinsTable, 'job_id' | 'cid'>,
  successorJobId: string | null,
  queuedBy: string | null,
): Promise<Withdrawal> {
  const jobs = app.stores.pinJobs;
  const outcome: Withdrawal = { cancelledJobId: null, removed: null, releaseId: null };

  let job = await jobs.get(trx, pin.job_id);
  if (job && (job.status === 'queued' || job.status === 'pinning')) {
    if (await jobs.cancel(trx, job.id, nowIso())) {
      outcome.cancelledJobId = job.id;
      // The fetch may have pinned the content, or finish it before it stops.
      if (successorJobId) {
        await app.stores.contentJobs.holdUntilPinJobEnds(trx, pin.cid, successorJobId, null, queuedBy);
        await app.stores.contentJobs.passOnHolds(trx, job.id, successorJobId, queuedBy);
      } else {
        outcome.releaseId = await app.stores.contentJobs.enqueueRelease(trx, pin.cid, null, queuedBy);
      }
      return outcome;
    }
    // It ended meanwhile (pinned or failed): decide on what it ended as.
    job = await jobs.get(trx, pin.job_id);
  }
  if (!job || job.status !== 'pinned' || !job.upload_id) return outcome;

  const upload = await app.stores.uploads.lockById(trx, job.upload_id);
  if (!upload) return outcome;
  if (successorJobId) {
    await app.stores.contentJobs.holdUntilPinJobEnds(trx, upload.cid, successorJobId, upload.id, queuedBy);
    return outcome;
  }
  if (!(await app.stores.uploads.deleteUnreferenced(trx, upload.id))) return outcome;
  await app.stores.quota.refund(trx, user.id, Number(upload.charged_bytes));
  await recordDeletedEvent(app, trx, upload, nowIso());
  outcome.removed = upload;
  outcome.releaseId = await app.stores.contentJobs.enqueueRelease(trx, upload.cid, null, queuedBy);
  return outcome;
}
