import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { PlanRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { syncPaidShare } from '../referrals/lib/referral-rewards';
import { exceededEvent } from '../../webhooks/events';

/**
 * Puts the account on `plan` inside `trx` (only if it is on `fromCode`, when given) and keeps its
 * referrer's paid-plan share in step. Storage already held is never touched: over the new limit,
 * uploads and pins are refused until files are deleted (and `quota.exceeded` says so). True when
 * the account was switched.
 */
export async function planSwitcher(
  app: AppContext,
  trx: Db,
  userId: string,
  plan: PlanRow,
  orderId: string | null,
  fromCode?: string,
): Promise<boolean> {
  const now = nowIso();
  const user = await app.stores.plans.assign(trx, userId, plan.code, now, fromCode);
  if (!user) return false;
  await syncPaidShare(app, trx, user, plan, orderId);
  const limit = Number(plan.storage_limit_bytes) + Number(user.bonus_bytes);
  if (Number(user.storage_used) > limit) await exceededEvent(app, trx, userId, Number(user.storage_used), limit, 'plan_changed', now);
  return true;
}
