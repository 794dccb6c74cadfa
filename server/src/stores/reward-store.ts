import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { RewardReason, RewardRow } from '../db/schema';

/** Reasons under which a referrer is credited for someone they referred. */
const REFERRER_REASONS = sql<boolean>`reason like 'referral%'`;

/**
 * The bonus storage ledger. It is the source of truth; `users.bonus_bytes` caches each user's sum
 * and moves in the same transaction as every row written here.
 */
export function createRewardStore(db: Db) {
  return {
    async record(trx: Db, reward: RewardRow): Promise<void> {
      await trx.insertInto('rewards').values(reward).execute();
      await trx
        .updateTable('users')
        .set({ bonus_bytes: sql`bonus_bytes + ${reward.bytes}` })
        .where('id', '=', reward.user_id)
        .execute();
    },

    /** The bytes `userId` holds from `sourceUserId` under `reasons`, grants minus revocations. */
    async netFrom(trx: Db, userId: string, sourceUserId: string, reasons: RewardReason[]): Promise<number> {
      const row = await trx
        .selectFrom('rewards')
        .select(sql<number>`coalesce(sum(bytes), 0)`.as('net'))
        .where('user_id', '=', userId)
        .where('source_user_id', '=', sourceUserId)
        .where('reason', 'in', reasons)
        .executeTakeFirstOrThrow();
      return Number(row.net);
    },

    /** What `userId` holds through everyone they referred, grants minus revocations. */
    async earnedFromReferrals(userId: string): Promise<number> {
      const row = await db
        .selectFrom('rewards')
        .select(sql<number>`coalesce(sum(bytes), 0)`.as('net'))
        .where('user_id', '=', userId)
        .where(REFERRER_REASONS)
        .executeTakeFirstOrThrow();
      return Number(row.net);
    },

    listForUser: (userId: string): Promise<RewardRow[]> =>
      db.selectFrom('rewards').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
  };
}
