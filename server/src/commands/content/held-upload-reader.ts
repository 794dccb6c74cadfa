import type { AppContext } from '../../context';
import type { UploadRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { parseCid } from '../pins/pin-requester';

/** The account's record of a CID, or the caller's 404 when the account holds none. */
export async function heldUpload(app: AppContext, userId: string, raw: string): Promise<UploadRow> {
  const upload = await app.stores.uploads.findByCidForUser(userId, parseCid(raw));
  if (!upload) throw notFound('file_not_found', 'File not found or not owned by the user');
  return upload;
}
