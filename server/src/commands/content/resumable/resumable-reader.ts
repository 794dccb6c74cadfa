import type { AppContext } from '../../../context';
import type { ResumableUploadRow } from '../../../db/schema';
import { accountDisabled } from '../../../lib/errors';
import { resumableNotFound } from './lib/partial-store';

/** Upload ids: UUIDs for uploads made with a token, 43 base64url characters through a signed URL. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The resumable upload `id`, or 404. One made through a signed URL, whose id is its secret, is
 * usable only while the account that made the URL is active; whoever reads another one checks
 * that the caller made it.
 */
export async function resumableReader(app: AppContext, id: string): Promise<ResumableUploadRow> {
  const row = ID_PATTERN.test(id) ? await app.stores.resumable.find(id) : undefined;
  if (!row) throw resumableNotFound();
  if (row.signed_upload_id) {
    const owner = await app.stores.users.findById(row.user_id);
    if (owner?.status !== 'active') throw accountDisabled();
  }
  return row;
}
