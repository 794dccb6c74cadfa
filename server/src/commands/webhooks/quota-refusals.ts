import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { storageLimit } from '../quota/lib/storage-limit';
import { exceededEvent } from '../../webhooks/events';

/** At most one `quota.exceeded` for refusals per account in this long: a client retrying a full account is one piece of news. */
export const REFUSAL_EVENT_GAP_MS = 60 * 60_000;

/** The answers that refuse a request for want of storage (`insufficient_funds` is the Pinning Service API's). */
const REFUSAL_CODES = new Set(['quota_exceeded', 'insufficient_funds']);

export const isQuotaRefusal = (code: string): boolean => REFUSAL_CODES.has(code);

/**
 * Reports that a request of the account was refused for want of storage (`quota.exceeded`, reason
 * `refused`), unless one was reported within `REFUSAL_EVENT_GAP_MS`. The account's row is written
 * first, so of concurrent refusals one reports and the others see its event.
 */
export async function quotaRefused(app: AppContext, userId: string): Promise<void> {
  const user = await app.stores.users.findById(userId);
  if (!user) return;
  const limit = await storageLimit(app, user);
  const now = nowIso();
  const since = new Date(Date.parse(now) - REFUSAL_EVENT_GAP_MS).toISOString();
  await app.db.transaction().execute(async (trx) => {
    if (!(await app.stores.users.holdActive(trx, user.id))) return;
    if (await app.stores.webhookDeliveries.recentOfType(trx, user.id, 'quota.exceeded', since)) return;
    const used = await app.stores.quota.used(trx, user.id);
    await exceededEvent(app, trx, user.id, used, limit, 'refused', now);
  });
}

/** Reports a refusal without holding up the answer; a failure to report is logged, never the request's. */
export function reportQuotaRefusal(app: AppContext, user: Pick<UserRow, 'id'>): void {
  quotaRefused(app, user.id).catch((error: unknown) =>
    app.logger.warn('could not record a quota event', { userId: user.id, error: String(error) }),
  );
}
