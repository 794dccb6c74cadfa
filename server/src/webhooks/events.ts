import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { OrderRow, PinJobRow, PlanRow, UploadRow } from '../db/schema';
import { presentPayment } from '../presenters/payment';
import { presentPsaPin } from '../presenters/psa';
import { presentPinJob } from '../presenters/upload';

/**
 * The events an account's webhooks (and its live event stream) hear of. Each is written to the
 * outbox in the transaction of the change it reports, so it exists exactly when the change does;
 * its data is therefore shaped here, when it is written, as the API shows the same thing then
 * (the presenters): a delivery hours later tells what was true at the change, not what is now.
 */

/** Share of the storage limit at which `quota.near_limit` is sent, once per crossing. */
export const NEAR_LIMIT_SHARE = 0.8;

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

/**
 * `pin.<status>` (a pin by CID: the job as `GET /pins/{id}` shows it) or `psa.pin.<status>` (a
 * Pinning Service API request: its `PinStatus`, without `delegates`), in the transaction that moved
 * the job to the status it has in `trx`. `upload` is the record a pinned job wrote in `trx`. A
 * request removed while it runs sends nothing more: its owner removed it.
 */
export async function pinEvent(app: AppContext, trx: Db, jobOrId: PinJobRow | string, upload: UploadRow | null = null): Promise<void> {
  // A job the caller holds as written is not read again.
  const job = typeof jobOrId === 'string' ? await app.stores.pinJobs.get(trx, jobOrId) : jobOrId;
  if (!job) return;
  if (job.kind !== 'psa') {
    await app.stores.webhookDeliveries.record(trx, job.user_id, `pin.${job.status}`, presentPinJob(job, upload), job.updated_at);
    return;
  }
  const view = await app.stores.psaPins.findByJob(trx, job.id);
  if (!view) return;
  const meta = (await app.stores.psaPins.metaOf([view.requestid], trx)).get(view.requestid) ?? {};
  const { delegates: _none, ...status } = presentPsaPin(view, meta, []);
  await app.stores.webhookDeliveries.record(trx, job.user_id, `psa.pin.${job.status}`, status, job.updated_at);
}

/** What a quota event tells: the account's usage and limit as the change left them. */
const quotaData = (used: number, limit: number) => ({
  storageUsed: used,
  storageLimit: limit,
  percentUsed: limit > 0 ? Math.round((used / limit) * 1000) / 10 : 100,
});

/**
 * `quota.near_limit`, in the transaction that charged `charged` bytes, when the charge took usage
 * from below `NEAR_LIMIT_SHARE` of the limit to at or above it.
 */
export async function chargedEvent(app: AppContext, trx: Db, userId: string, charged: number, limit: number, at: string): Promise<void> {
  if (charged <= 0 || limit <= 0) return;
  const used = await app.stores.quota.used(trx, userId);
  const threshold = limit * NEAR_LIMIT_SHARE;
  if (used - charged < threshold && used >= threshold) {
    await app.stores.webhookDeliveries.record(trx, userId, 'quota.near_limit', quotaData(used, limit), at);
  }
}

/** `quota.exceeded` with why: a request refused for want of room, or a plan that now allows less than is stored. */
export async function exceededEvent(
  app: AppContext,
  trx: Db,
  userId: string,
  used: number,
  limit: number,
  reason: 'refused' | 'plan_changed',
  at: string,
): Promise<void> {
  await app.stores.webhookDeliveries.record(trx, userId, 'quota.exceeded', { ...quotaData(used, limit), reason }, at);
}

/**
 * `payment.succeeded` or `payment.failed`, in the transaction that moved the order; `renewal` for a
 * subscription's later invoices (a failed one moves no order: `order` is then the subscription's).
 */
export async function paymentEvent(
  app: AppContext,
  trx: Db,
  order: OrderRow,
  plan: PlanRow | undefined,
  outcome: 'succeeded' | 'failed',
  at: string,
  renewal = order.renewal_of !== null,
): Promise<void> {
  if (!order.user_id) return;
  const data = { payment: presentPayment(order, plan), renewal };
  await app.stores.webhookDeliveries.record(trx, order.user_id, `payment.${outcome}`, data, at);
}
