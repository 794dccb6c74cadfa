import { parseCid } from '../../content/cid';
import type { AppContext } from '../../context';
import type { UploadRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { fileNotFound } from './upload-reader';

/**
 * A credential limited to a group asked to store or pin content the account already holds in a
 * record outside that group: taking that record into the group would hand it the rest of the account.
 */
export const heldOutsideGroup = () =>
  conflict('already_pinned', 'The account already holds this content outside the group this API token is limited to');

/** Refuses (409 already_pinned) when the account holds a record of `cid` that is not in `groupId`. */
export async function refuseHeldOutsideGroup(app: AppContext, userId: string, cid: string, groupId: string): Promise<void> {
  const upload = await app.stores.uploads.findByCidForUser(userId, cid);
  if (upload && !(await app.stores.groups.holds(groupId, upload.id))) throw heldOutsideGroup();
}

/**
 * The account's record of a CID, or the caller's 404 when the account holds none (400 for no CID
 * at all). Kept to `groupId` (a credential limited to it), a record outside the group is that 404.
 */
export async function heldUploadReader(app: AppContext, userId: string, raw: string, groupId?: string): Promise<UploadRow> {
  const upload = await app.stores.uploads.findByCidForUser(userId, parseCid(raw).toString());
  if (!upload || (groupId !== undefined && !(await app.stores.groups.holds(groupId, upload.id)))) throw fileNotFound();
  return upload;
}
