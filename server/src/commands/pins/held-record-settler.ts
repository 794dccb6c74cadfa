import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { JobRow } from '../../db/schema';

/**
 * Settles the records that replaced pin requests' holds kept (in the caller's transaction): each
 * goes, refunded exactly once, unless something else of the account stands on it (its own upload
 * or pin by CID, another request, another hold whose job is not over, or the successor itself when
 * it holds the same CID). `exceptHoldsOf` is the pin job whose holds are being settled while it is
 * still pinning: they no longer count. The hold then keeps only the CID, released by the outbox.
 */
export async function heldRecordSettler(
  app: AppContext,
  trx: Db,
  holds: Array<Pick<JobRow, 'id' | 'upload_id'>>,
  exceptHoldsOf: string | null,
): Promise<void> {
  for (const hold of holds) {
    const upload = hold.upload_id ? await app.stores.uploads.lockById(trx, hold.upload_id) : undefined;
    if (upload && (await app.stores.uploads.deleteUnreferenced(trx, upload.id, exceptHoldsOf))) {
      await app.stores.quota.refund(trx, upload.user_id, Number(upload.charged_bytes));
    }
    await app.stores.contentJobs.recordSettled(trx, hold.id);
  }
}
