import type { AppContext } from '../../context';
import type { S3PartRow } from '../../db/schema';
import { isoAt } from '../../jobs/clock';
import { holdLease, namedLeaseRow, type Lease } from '../../jobs/lease';
import { newId } from '../../lib/ids';
import { s3Errors } from '../errors';
import { completingLease, listParts, lockUpload, takeCompleting } from './multipart-store';
import { completeInProgress } from './part-writer';

/** Longest a Complete waits for another Complete of the same upload to end. */
const WAIT_MS = 15 * 60_000;
const POLL_MS = 500;

export interface CompletionClaim {
  /** The Complete's lease on the upload: parts, Abort and the expiry leave the upload alone while it is held. */
  lease: Lease;
  owner: string;
  parts: S3PartRow[];
}

/**
 * Makes this request the upload's one Complete: takes its lease, in the transaction that locks the
 * upload row, so that no part is committed after the parts are read. Another Complete running is
 * waited for (it may fail, leaving the upload to this one); an upload that is gone is NoSuchUpload,
 * so two Completes make one object. A Complete whose process died holds its lease for one lease
 * length at most.
 */
export async function completionClaim(app: AppContext, uploadId: string): Promise<CompletionClaim> {
  const owner = newId();
  const deadline = app.clock.now() + WAIT_MS;
  for (;;) {
    const parts = await app.db.transaction().execute(async (trx) => {
      const now = app.clock.now();
      const upload = await lockUpload(trx, uploadId);
      if (!upload || upload.expires_at <= isoAt(now)) throw s3Errors.noSuchUpload(uploadId);
      if (!(await takeCompleting(trx, uploadId, owner, isoAt(now), isoAt(now + app.config.leaseMs)))) return null;
      return listParts(trx, uploadId);
    });
    if (parts) {
      const lease = holdLease(namedLeaseRow(app.stores.leases, completingLease(uploadId), owner), {
        clock: app.clock,
        leaseMs: app.config.leaseMs,
        onError: (error) => app.logger.warn('multipart complete lease renewal failed', { error: String(error) }),
      });
      return { lease, owner, parts };
    }
    if (app.clock.now() >= deadline || app.stopping.aborted) throw completeInProgress();
    await app.clock.sleep(POLL_MS, app.stopping);
  }
}
