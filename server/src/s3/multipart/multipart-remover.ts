import type { AppContext } from '../../context';
import { nowIso } from '../../lib/time';
import { completing, completingLease, lockUpload, removeUpload } from './multipart-store';
import { removeUploadDir } from './part-files';

export type Removal = 'removed' | 'gone' | 'completing';

/**
 * Ends an upload: its rows go and the quota its parts reserved comes back in one transaction,
 * then its files here. An upload a Complete is importing is left alone (`completing`) unless the
 * caller is that Complete (`holder`, the owner of its lease, which goes in the same transaction).
 */
export async function multipartRemover(app: AppContext, uploadId: string, holder?: string): Promise<Removal> {
  const removal = await app.db.transaction().execute(async (trx): Promise<Removal> => {
    if (!(await lockUpload(trx, uploadId))) return 'gone';
    if (holder) await trx.deleteFrom('leases').where('name', '=', completingLease(uploadId)).where('owner', '=', holder).execute();
    else if (await completing(trx, uploadId, nowIso())) return 'completing';
    await removeUpload(trx, uploadId);
    return 'removed';
  });
  if (removal === 'removed') await removeUploadDir(app, uploadId);
  return removal;
}
