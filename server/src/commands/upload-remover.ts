import type { AppContext } from '../context';
import type { UploadRow, UserRow } from '../db/schema';
import { auditRecorder } from './audit-recorder';
import { releaseIfUnreferenced } from './content-recorder';

/**
 * Deletes one of the account's records, refunds its size, and unpins the CID if nobody else holds it.
 * `actor` is who asked (an administrator removing someone else's file); the audit row names both.
 */
export async function uploadRemover(app: AppContext, user: UserRow, upload: UploadRow, ip: string, actor: UserRow = user) {
  await app.db.transaction().execute(async (trx) => {
    await app.stores.uploads.delete(trx, upload.id);
    await app.stores.quota.refund(trx, user.id, Number(upload.size));
  });
  const unpinned = await releaseIfUnreferenced(app, upload.cid);
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
