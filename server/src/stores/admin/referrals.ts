import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { RewardRow } from '../../db/schema';
import { contains, countAs, type Page } from './search';

export interface AdminReferralRow {
  referrer_id: string;
  referrer_email: string;
  referred_id: string;
  referred_email: string;
  joined_at: string;
  referred_status: string;
  referred_last_active_at: string | null;
  referred_price_cents: number | null;
  earned_bytes: number;
}

export type AdminRewardRow = RewardRow & { user_email: string; source_email: string | null };

/** Who referred whom, and the bonus storage ledger, for administrators. */
export function createAdminReferralStore(db: Db) {
  return {
    /** One page of referred accounts, newest first; `search` matches either email, `userId` the referrer. */
    async listReferrals(page: Page): Promise<{ rows: AdminReferralRow[]; total: number }> {
      let base = db
        .selectFrom('users as referred')
        .innerJoin('users as referrer', 'referrer.id', 'referred.referred_by')
        .leftJoin('plans', 'plans.code', 'referred.plan_code');
      if (page.userId) base = base.where('referrer.id', '=', page.userId);
      if (page.search) {
        const term = page.search;
        base = base.where((eb) => eb.or([contains('referred.email', term), contains('referrer.email', term)]));
      }
      const [rows, count] = await Promise.all([
        base
          .select((eb) => [
            'referrer.id as referrer_id',
            'referrer.email as referrer_email',
            'referred.id as referred_id',
            'referred.email as referred_email',
            'referred.created_at as joined_at',
            'referred.status as referred_status',
            'referred.last_active_at as referred_last_active_at',
            'plans.price_cents as referred_price_cents',
            // What the referrer earned through this account (sign-up bonus and paid-plan shares).
            eb
              .selectFrom('rewards')
              .select(sql<number>`coalesce(sum(rewards.bytes), 0)`.as('earned'))
              .whereRef('rewards.user_id', '=', 'referrer.id')
              .whereRef('rewards.source_user_id', '=', 'referred.id')
              .where(sql<boolean>`rewards.reason like 'referral%'`)
              .as('earned_bytes'),
          ])
          .orderBy('referred.created_at', 'desc')
          .orderBy('referred.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((row) => ({ ...row, earned_bytes: Number(row.earned_bytes ?? 0) })), total: countAs(count.n) };
    },

    /** One page of the rewards ledger, newest first; `search` matches the receiver's or the source's email, `userId` the receiver. */
    async listRewards(page: Page): Promise<{ rows: AdminRewardRow[]; total: number }> {
      let base = db
        .selectFrom('rewards')
        .innerJoin('users as receiver', 'receiver.id', 'rewards.user_id')
        .leftJoin('users as source', 'source.id', 'rewards.source_user_id');
      if (page.userId) base = base.where('rewards.user_id', '=', page.userId);
      if (page.search) {
        const term = page.search;
        base = base.where((eb) => eb.or([contains('receiver.email', term), contains('source.email', term)]));
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll('rewards')
          .select(['receiver.email as user_email', 'source.email as source_email'])
          .orderBy('rewards.created_at', 'desc')
          .orderBy('rewards.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: countAs(count.n) };
    },
  };
}
