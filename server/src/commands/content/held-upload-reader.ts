import { parseCid } from '../../content/cid';
import type { AppContext } from '../../context';
import type { UploadRow } from '../../db/schema';
import { fileNotFound } from './upload-reader';

/**
 * The account's record of a CID, or the caller's 404 when the account holds none (400 for no CID
 * at all). Kept to `groupId` (a credential limited to it), a record outside the group is that 404.
 */
export async function heldUploadReader(app: AppContext, userId: string, raw: string, groupId?: string): Promise<UploadRow> {
  const upload = await app.stores.uploads.findByCidForUser(userId, parseCid(raw).toString());
  if (!upload || (groupId !== undefined && !(await app.stores.groups.holds(groupId, upload.id)))) throw fileNotFound();
  return upload;
}
