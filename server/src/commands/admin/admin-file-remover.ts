import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { uploadRemover } from '../content/upload-remover';

/**
 * An administrator deletes any account's record: the owner gets the bytes back and the content
 * leaves the node only when no other record references the CID.
 */
export async function adminFileRemover(app: AppContext, admin: UserRow, uploadId: string, ip: string, queuedBy: string | null) {
  const upload = isUuid(uploadId) ? await app.stores.admin.uploads.findById(uploadId) : undefined;
  const owner = upload ? await app.stores.users.findById(upload.user_id) : undefined;
  if (!upload || !owner) throw notFound('file_not_found', 'File not found');
  return uploadRemover(app, owner, upload, ip, admin, queuedBy);
}
