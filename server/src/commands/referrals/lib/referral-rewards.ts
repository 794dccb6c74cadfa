import { REFERRAL_SIGNUP_BONUS_BYTES, REFERRER_BONUS_BYTES, REFERRER_PAID_SHARE } from '@cairn/shared';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import type { PlanRow, RewardReason, UserRow } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { nowIso } from '../../../lib/time';

const PAID_SHARE_REASONS: RewardReason[] = ['referral_paid_share', 'referral_paid_share_revoked'];

interface Grant {
  userId: string;
  bytes: number;
  reason: RewardReason;
  sourceUserId: string;
  orderId?: string | null;
}

const record = (app: AppContext, trx: Db, grant: Grant) =>
  app.stores.rewards.record(trx, {
    id: newId(),
    user_id: grant.userId,
    bytes: grant.bytes,
    reason: grant.reason,
    source_user_id: grant.sourceUserId,
    order_id: grant.orderId ?? null,
    created_at: nowIso(),
  });

/** A sign-up with a referral code: the new account and its referrer each get their bonus, in `trx`. */
export async function grantSignupBonuses(app: AppContext, trx: Db, userId: string, referrerId: string): Promise<void> {
  if (userId === referrerId) return;
  await record(app, trx, { userId, bytes: REFERRAL_SIGNUP_BONUS_BYTES, reason: 'signup_bonus', sourceUserId: referrerId });
  await record(app, trx, { userId: referrerId, bytes: REFERRER_BONUS_BYTES, reason: 'referral_signup', sourceUserId: userId });
}

/** The referrer's share of a plan: a part of its storage while the plan is a paid one, else nothing. */
const paidShareOf = (plan: Pick<PlanRow, 'price_cents' | 'storage_limit_bytes'>): number =>
  plan.price_cents > 0 ? Math.round(Number(plan.storage_limit_bytes) * REFERRER_PAID_SHARE) : 0;

/**
 * Brings the referrer's paid-plan share for `user` in line with the plan `user` now holds, in
 * `trx`: what is held is revoked and the new share granted, each as its own ledger row. Computed
 * from the ledger, so running it twice for the same plan changes nothing.
 */
export async function syncPaidShare(app: AppContext, trx: Db, user: UserRow, plan: PlanRow, orderId: string | null): Promise<void> {
  const referrerId = user.referred_by;
  if (!referrerId || referrerId === user.id) return;
  const held = await app.stores.rewards.netFrom(trx, referrerId, user.id, PAID_SHARE_REASONS);
  const due = paidShareOf(plan);
  if (held === due) return;
  if (held > 0)
    await record(app, trx, { userId: referrerId, bytes: -held, reason: 'referral_paid_share_revoked', sourceUserId: user.id, orderId });
  if (due > 0) await record(app, trx, { userId: referrerId, bytes: due, reason: 'referral_paid_share', sourceUserId: user.id, orderId });
}
