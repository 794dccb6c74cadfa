import type { AppContext } from '../../../context';
import type { UploadRow, UserRow } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { auditRecorder } from '../../audit/audit-recorder';
import { dagHider } from './dag-hider';

/**
 * Makes a record private or public. Turning private records the DAG's blocks first and only then
 * flips the record, so no moment exists where the record is private and a block of it is not known
 * as hidden. Both run under the CID's lock, as does `privacyReleaser`, so a release cannot drop the
 * rows of a record turning private. Setting what is already set changes nothing.
 */
export async function privacySetter(app: AppContext, user: UserRow, upload: UploadRow, value: boolean, ip: string): Promise<UploadRow> {
  if (Boolean(upload.private) === value) return upload;
  await app.cidLock(upload.cid, async () => {
    if (value) await dagHider(app, upload.cid);
    if (!(await app.stores.uploads.setPrivate(upload.id, value)))
      throw notFound('file_not_found', 'File not found or not owned by the user');
    if (!value) await app.stores.hiddenBlocks.releaseUnlessPrivate(upload.cid);
  });
  await auditRecorder(app, { action: value ? 'make_private' : 'make_public', user, ip, details: { uploadId: upload.id, cid: upload.cid } });
  return { ...upload, private: value ? 1 : 0 };
}

/** Drops the hidden rows of a CID that no private record holds any more (after a record is deleted). */
export async function privacyReleaser(app: AppContext, cid: string): Promise<void> {
  await app.cidLock(cid, () => app.stores.hiddenBlocks.releaseUnlessPrivate(cid));
}
