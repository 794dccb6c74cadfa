import type { AppContext } from '../../context';
import type { PinJobRow, UploadRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * One of the account's pin-by-CID jobs, with the record it made once pinned; 404 for anyone else's.
 * Seen through a credential limited to `onlyGroupId`, only the jobs that pin into that group.
 */
export async function pinJobReader(
  app: AppContext,
  userId: string,
  id: string,
  onlyGroupId: string | null = null,
): Promise<{ job: PinJobRow; upload: UploadRow | null }> {
  const job = isUuid(id) ? await app.stores.pinJobs.findForUser(userId, id) : undefined;
  if (!job || (onlyGroupId !== null && job.group_id !== onlyGroupId)) throw notFound('pin_not_found', 'Pin request not found');
  const upload = job.upload_id ? ((await app.stores.uploads.findForUser(userId, job.upload_id)) ?? null) : null;
  return { job, upload };
}
