import type { AppContext } from '../../context';
import type { UploadRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

export const fileNotFound = () => notFound('file_not_found', 'File not found or not owned by the user');

/**
 * One of the account's records by id, or 404. Kept to `groupId` (a credential limited to that
 * group), a record outside it is the same 404 as one that does not exist: nothing tells them apart.
 */
export async function uploadReader(app: AppContext, userId: string, uploadId: string, groupId?: string): Promise<UploadRow> {
  const upload = isUuid(uploadId) ? await app.stores.uploads.findForUser(userId, uploadId) : undefined;
  if (!upload || (groupId !== undefined && !(await app.stores.groups.holds(groupId, upload.id)))) throw fileNotFound();
  return upload;
}
