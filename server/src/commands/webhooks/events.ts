import type { Db } from '../../db/database';
import type { UploadRow } from '../../db/schema';
import type { AppContext } from '../../context';

/** What an event about a record tells: enough to act on it without another request. */
const recordData = (upload: UploadRow) => ({
  uploadId: upload.id,
  cid: upload.cid,
  name: upload.name,
  size: upload.size,
  type: upload.type,
  source: upload.source,
  createdAt: upload.created_at,
});

/** `upload.created`, in the transaction that writes the record. */
export const recordCreatedEvent = (app: AppContext, trx: Db, upload: UploadRow) =>
  app.stores.webhookDeliveries.record(trx, upload.user_id, 'upload.created', recordData(upload), upload.created_at);

/** `record.deleted`, in the transaction that deletes the record. */
export const recordDeletedEvent = (app: AppContext, trx: Db, upload: UploadRow, at: string) =>
  app.stores.webhookDeliveries.record(trx, upload.user_id, 'record.deleted', recordData(upload), at);
