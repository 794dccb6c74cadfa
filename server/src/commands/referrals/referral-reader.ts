import { bytesToMb } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { addDays } from '../../lib/time';

/** A referred account counts as active while it is enabled and was seen within this many days. */
const REFERRAL_ACTIVE_DAYS = 30;
/** The newest referred accounts listed; the totals count them all. */
const REFERRALS_LISTED = 100;

/** `jane@example.com` → `j***@example.com`: enough to recognise, not enough to harvest. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * The user's referral summary: their code and link, totals and the accounts they referred.
 * `totalEarnedMb` is what referrals give them now (grants minus revocations); `currentBonusMb` is
 * their whole bonus, their own sign-up bonus included.
 */
export async function referralReader(app: AppContext, user: UserRow) {
  const activeSince = addDays(new Date(), -REFERRAL_ACTIVE_DAYS).toISOString();
  const [counts, referred, earned] = await Promise.all([
    app.stores.referrals.counts(user.id, activeSince),
    app.stores.referrals.list(user.id, REFERRALS_LISTED),
    app.stores.rewards.earnedFromReferrals(user.id),
  ]);
  // Never the request's Host header: a link that a forged Host could point elsewhere gets shared on.
  const base = app.selfUrl;
  return {
    code: user.referral_code,
    link: `${base}/signup?ref=${encodeURIComponent(user.referral_code)}`,
    totalReferrals: counts.total,
    activeReferrals: counts.active,
    totalEarnedMb: bytesToMb(earned),
    currentBonusMb: bytesToMb(Number(user.bonus_bytes)),
    referrals: referred.map((row) => ({
      id: row.id,
      email: maskEmail(row.email),
      joinedAt: row.created_at,
      lastActivityAt: row.last_active_at,
      earnedMb: bytesToMb(row.earned_bytes),
      hasPaidPlan: (row.price_cents ?? 0) > 0,
      active: row.status === 'active' && row.last_active_at !== null && row.last_active_at >= activeSince,
    })),
  };
}
