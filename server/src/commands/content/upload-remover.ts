import type { AppContext } from '../../context';
import { retryOnDeadlock } from '../../lib/db-errors';
import type { Db } from '../../db/database';
import type { UploadRow, UserRow } from '../../db/schema';
import { crashPoint } from '../../lib/crash-point';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { privacyReleaser } from './privacy/privacy-setter';
import { recordDeletedEvent } from '../../webhooks/events';

export interface UploadRemoval {
  success: true;
  cid: string;
  uploadId: string;
  removed: true;
  operation: 'unpinned' | 'record_removed';
  timestamp: string;
  message: string;
}

export interface RemovalOptions {
  /** Runs first in the delete's transaction: true keeps the record (something came to stand on it), and nothing is removed. */
  keep?: (trx: Db) => Promise<boolean>;
}

/**
 * Deletes one of the account's records, refunds what it was charged, and unpins the CID if nobody
 * else holds it. The account's Pinning Service API requests recorded on it go with it: deleting a
 * file in My files removes it however the account held it. The release is queued in the delete's own transaction and run at once; should
 * this process die first, any instance runs it. `actor` is who asked (an administrator removing
 * someone else's file); the audit row names both, and the release keeps `queuedBy`, the id of the
 * HTTP request. Null when the record was gone already: of several deletes racing, exactly one
 * removes and refunds it.
 */
export async function removeUploadIfPresent(
  app: AppContext,
  user: UserRow,
  upload: UploadRow,
  ip: string,
  actor: UserRow = user,
  queuedBy: string | null = null,
  options: RemovalOptions = {},
): Promise<UploadRemoval | null> {
  // A delete racing an insert of the same name (an S3 key put twice at once) can deadlock on
  // PostgreSQL; the transaction undone then runs again.
  const job = await retryOnDeadlock(() =>
    app.db.transaction().execute(async (trx) => {
      if (await options.keep?.(trx)) return null;
      // Locked first, so that a pin job recording onto it is over (its request then found below) or
      // waits, and finds it gone.
      if (!(await app.stores.uploads.lockById(trx, upload.id))) return null;
      await app.stores.psaPins.deleteOnUpload(trx, upload.id);
      const removed = await app.stores.uploads.delete(trx, upload.id);
      if (!removed) return null;
      await app.stores.quota.refund(trx, user.id, removed.chargedBytes);
      await recordDeletedEvent(app, trx, upload, nowIso());
      return app.stores.contentJobs.enqueueRelease(trx, upload.cid, null, queuedBy);
    }),
  );
  if (job === null) return null;
  crashPoint('delete-committed');
  const release = await app.jobs.runNow(job);
  // Carried out here, it says whether it unpinned; carried out elsewhere, the engine does.
  const unpinned = release.ran ? release.result === true : release.gone && !(await app.content.isPinned(upload.cid));
  await app.stores.accessLinks.deleteForUpload(upload.id);
  // Blocks of content still held stay hidden until it is gone or a public record holds it.
  if (Number(upload.private) === 1 && (unpinned || (await app.stores.uploads.visibility(upload.cid)) !== 'none')) {
    await privacyReleaser(app, upload.cid);
  }
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

/** `removeUploadIfPresent` for a request: a record another request removed first is a 404. */
export async function uploadRemover(
  app: AppContext,
  user: UserRow,
  upload: UploadRow,
  ip: string,
  actor: UserRow = user,
  queuedBy: string | null = null,
) {
  const removal = await removeUploadIfPresent(app, user, upload, ip, actor, queuedBy);
  if (!removal) throw notFound('file_not_found', 'File not found or not owned by the user');
  return removal;
}
