import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { crashPoint } from '../../lib/crash-point';
import { notFound } from '../../lib/errors';
import { auditRecorder } from '../audit/audit-recorder';
import { psaPinWithdrawer, type Withdrawal } from './psa-pin-withdrawer';
import { retryOnDeadlock } from '../../lib/db-errors';

export const pinNotFound = () => notFound('pin_not_found', 'No pin request with this requestid');

/**
 * Carries out what a withdrawal left to do after its commit: the runner of a cancelled job stops
 * at once (an instance that does not run it lets its runner notice through the database), the
 * release runs now (any instance would run it otherwise), and a removed record is audited.
 */
export async function afterWithdrawal(app: AppContext, user: UserRow, outcome: Withdrawal, ip: string): Promise<void> {
  if (outcome.cancelledJobId) app.jobs.cancel(outcome.cancelledJobId);
  if (outcome.releaseId) await app.jobs.runNow(outcome.releaseId);
  app.jobs.kick('release');
  const upload = outcome.removed;
  if (upload) {
    await auditRecorder(app, {
      action: 'remove',
      user,
      ip,
      details: { cid: upload.cid, uploadId: upload.id, name: upload.name, size: upload.size },
    });
  }
}

/**
 * Removes a Pinning Service API request, exactly once however many removals race: the one that
 * deletes its row withdraws it (`psaPinWithdrawer`); the others answer 404. Only the request goes:
 * its record goes too only when nothing else of the account stands on it. `queuedBy`: the id of the
 * HTTP request that removes it, kept with the release it queues.
 */
export async function psaPinRemover(app: AppContext, user: UserRow, requestid: string, ip: string, queuedBy: string | null): Promise<void> {
  // Removing the request while its file is deleted in My files can deadlock on PostgreSQL (this
  // takes the request, then its record; the delete, the record, then its requests): the one undone runs again.
  const outcome = await retryOnDeadlock(() =>
    app.db.transaction().execute(async (trx) => {
      const pin = await app.stores.psaPins.take(trx, user.id, requestid);
      return pin ? psaPinWithdrawer(app, trx, user, pin, null, queuedBy) : null;
    }),
  );
  if (!outcome) throw pinNotFound();
  crashPoint('psa-removed');
  await afterWithdrawal(app, user, outcome, ip);
}
