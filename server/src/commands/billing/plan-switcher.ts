import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { PlanRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { syncPaidShare } from '../referrals/lib/referral-rewards';

/**
 * Puts the account on `plan` inside `trx` (only if it is on `fromCode`, when given) and keeps its
 * referrer's paid-plan share in step. Storage already held is never touched: over the new limit,
 * uploads and pins are refused until files are deleted. True when the account was switched.
 */
export async function planSwitcher(
  app: AppContext,
  trx: Db,
  userId: string,
  plan: PlanRow,
  orderId: string | null,
  fromCode?: string,
): Promise<boolean> {
  const user = await app.stores.plans.assign(trx, userId, plan.code, nowIso(), fromCode);
  if (!user) return false;
  await syncPaidShare(app, trx, user, plan, orderId);
  return true;
}
