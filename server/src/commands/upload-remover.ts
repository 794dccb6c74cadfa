import type { AppContext } from '../context';
import type { UploadRow, UserRow } from '../db/schema';
import { crashPoint } from '../lib/crash-point';
import { auditRecorder } from './audit-recorder';

/**
 * Deletes one of the account's records, refunds its size, and unpins the CID if nobody else holds it.
 * The account's Pinning Service API requests recorded on it go with it: deleting a file in My
 * files removes it however the account held it.
 * The release is queued in the delete's own transaction and run at once; should this process die
 * first, any instance runs it. `actor` is who asked (an administrator removing someone else's
 * file); the audit row names both.
 */
export async function uploadRemover(app: AppContext, user: UserRow, upload: UploadRow, ip: string, actor: UserRow = user) {
  const job = await app.db.transaction().execute(async (trx) => {
    await app.stores.psaPins.deleteOnUpload(trx, upload.id);
    await app.stores.uploads.delete(trx, upload.id);
    await app.stores.quota.refund(trx, user.id, Number(upload.size));
    return app.stores.contentJobs.enqueueRelease(trx, upload.cid);
  });
  crashPoint('delete-committed');
  const unpinned = await app.contentJobs.runNow(job, upload.cid);
  await auditRecorder(app, {
    action: 'remove',
    user: actor,
    ip,
    details: {
      cid: upload.cid,
      uploadId: upload.id,
      name: upload.name,
      size: upload.size,
      ...(actor.id === user.id ? {} : { ownerId: user.id, ownerEmail: user.email }),
    },
  });
  return {
    success: true,
    cid: upload.cid,
    uploadId: upload.id,
    removed: true,
    operation: unpinned ? 'unpinned' : 'record_removed',
    timestamp: new Date().toISOString(),
    message: unpinned ? 'File removed and unpinned' : 'File removed from your account',
  };
}
