import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { nowIso } from '../lib/time';
import type { PsaPinView } from '../stores/psa-pin-store';
import { removeUploadIfPresent } from './upload-remover';

/**
 * Removes a Pinning Service API request: a job still fetching is cancelled with it (in one
 * transaction, so the job cannot record anything afterwards), and a pinned one's record is deleted,
 * refunded and unpinned like any file, unless another request of the account stands on it.
 */
export async function psaPinRemover(app: AppContext, user: UserRow, pin: PsaPinView, ip: string): Promise<void> {
  const removed = await app.db.transaction().execute(async (trx) => {
    if (!(await app.stores.psaPins.delete(trx, pin.requestid))) return false;
    if (pin.status === 'queued' || pin.status === 'pinning') await app.stores.pinJobs.cancel(trx, pin.job_id, nowIso());
    return true;
  });
  // Whoever deleted the request row removes its record, exactly once.
  if (!removed || pin.status !== 'pinned' || !pin.upload_id) return;
  if ((await app.stores.psaPins.othersOnUpload(user.id, pin.upload_id, pin.requestid)) > 0) return;
  const upload = await app.stores.uploads.findForUser(user.id, pin.upload_id);
  if (upload) await removeUploadIfPresent(app, user, upload, ip);
}
