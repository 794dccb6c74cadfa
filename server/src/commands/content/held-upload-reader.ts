import { parseCid } from '../../content/cid';
import type { AppContext } from '../../context';
import type { UploadRow } from '../../db/schema';
import { fileNotFound } from './upload-reader';

/** The account's record of a CID, or the caller's 404 when the account holds none (400 for no CID at all). */
export async function heldUploadReader(app: AppContext, userId: string, raw: string): Promise<UploadRow> {
  const upload = await app.stores.uploads.findByCidForUser(userId, parseCid(raw).toString());
  if (!upload) throw fileNotFound();
  return upload;
}
