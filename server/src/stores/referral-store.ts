import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface ReferredRow {
  id: string;
  email: string;
  created_at: string;
  last_active_at: string | null;
  status: string;
  price_cents: number | null;
  earned_bytes: number;
}

/** The accounts a user referred. */
export function createReferralStore(db: Db) {
  const referredBy = (referrerId: string) => db.selectFrom('users').where('users.referred_by', '=', referrerId);

  return {
    /** Totals: everyone referred, and those enabled and seen since `activeSince`. */
    async counts(referrerId: string, activeSince: string): Promise<{ total: number; active: number }> {
      const row = await referredBy(referrerId)
        .select([
          (eb) => eb.fn.countAll().as('total'),
          sql<number>`count(case when status = 'active' and last_active_at >= ${activeSince} then 1 end)`.as('active'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), active: Number(row.active) };
    },

    /** The newest `limit` referred accounts, with their plan's price and what each earned the referrer. */
    async list(referrerId: string, limit: number): Promise<ReferredRow[]> {
      const rows = await referredBy(referrerId)
        .leftJoin('plans', 'plans.code', 'users.plan_code')
        .select((eb) => [
          'users.id',
          'users.email',
          'users.created_at',
          'users.last_active_at',
          'users.status',
          'plans.price_cents',
          eb
            .selectFrom('rewards')
            .select(sql<number>`coalesce(sum(rewards.bytes), 0)`.as('earned'))
            .where('rewards.user_id', '=', referrerId)
            .whereRef('rewards.source_user_id', '=', 'users.id')
            .where(sql<boolean>`rewards.reason like 'referral%'`)
            .as('earned_bytes'),
        ])
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, earned_bytes: Number(row.earned_bytes ?? 0) }));
    },
  };
}
