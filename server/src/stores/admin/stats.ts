import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface DayCount {
  day: string;
  n: number;
}

/** Reward reasons that credit the referrer (the referred user's own `signup_bonus` is not earned). */
const REFERRER_REASONS = sql<boolean>`rewards.reason like 'referral%'`;

/** Totals for the admin dashboard. Timestamps are ISO text, so `substr(…, 1, 10)` is the UTC day on both databases. */
export function createStatsStore(db: Db) {
  const perDay = async (table: 'users' | 'uploads', since: string): Promise<DayCount[]> => {
    const day = sql<string>`substr(created_at, 1, 10)`;
    const rows = await db
      .selectFrom(table)
      .select([day.as('day'), (eb) => eb.fn.countAll().as('n')])
      .where('created_at', '>=', since)
      .groupBy(day)
      .execute();
    return rows.map((row) => ({ day: row.day, n: Number(row.n) }));
  };

  return {
    async accounts(activeSince: string): Promise<{ users: number; activeUsers: number }> {
      const row = await db
        .selectFrom('users')
        .select([
          (eb) => eb.fn.countAll().as('users'),
          sql<number>`count(case when last_active_at >= ${activeSince} then 1 end)`.as('active'),
        ])
        .executeTakeFirstOrThrow();
      return { users: Number(row.users), activeUsers: Number(row.active) };
    },

    /** Records, the bytes they account for, and distinct CIDs (what the node keeps pinned). */
    async content(): Promise<{ files: number; storedBytes: number; pins: number }> {
      const row = await db
        .selectFrom('uploads')
        .select([
          (eb) => eb.fn.countAll().as('files'),
          (eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('bytes'),
          sql<number>`count(distinct cid)`.as('pins'),
        ])
        .executeTakeFirstOrThrow();
      return { files: Number(row.files), storedBytes: Number(row.bytes), pins: Number(row.pins) };
    },

    /** Cents of paid orders since each bound (key → ISO instant), plus `all`. Refunded orders are not income. */
    async incomeCents<K extends string>(bounds: Record<K, string>): Promise<Record<K | 'all', number>> {
      const keys = Object.keys(bounds) as K[];
      const row = await db
        .selectFrom('orders')
        .select([
          (eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('all'),
          ...keys.map((key, i) =>
            sql<number>`coalesce(sum(case when paid_at >= ${bounds[key]} then amount_cents else 0 end), 0)`.as(`p${i}`),
          ),
        ])
        .where('status', '=', 'paid')
        .executeTakeFirstOrThrow();
      const values = row as Record<string, unknown>;
      const result = { all: Number(values.all) } as Record<K | 'all', number>;
      keys.forEach((key, i) => (result[key] = Number(values[`p${i}`])));
      return result;
    },

    signupsPerDay: (since: string) => perDay('users', since),
    uploadsPerDay: (since: string) => perDay('uploads', since),

    async incomeCentsPerDay(since: string): Promise<DayCount[]> {
      const day = sql<string>`substr(paid_at, 1, 10)`;
      const rows = await db
        .selectFrom('orders')
        .select([day.as('day'), (eb) => eb.fn.sum<number>('amount_cents').as('n')])
        .where('status', '=', 'paid')
        .where('paid_at', '>=', since)
        .groupBy(day)
        .execute();
      return rows.map((row) => ({ day: row.day, n: Number(row.n) }));
    },

    /** The accounts that brought the most sign-ups, with the bonus bytes their referrals earned them. */
    async topReferrers(limit: number): Promise<{ id: string; email: string; referrals: number; earned_bytes: number }[]> {
      const rows = await db
        .selectFrom('users as referred')
        .innerJoin('users as referrer', 'referrer.id', 'referred.referred_by')
        .select((eb) => [
          'referrer.id as id',
          'referrer.email as email',
          eb.fn.count('referred.id').as('referrals'),
          eb
            .selectFrom('rewards')
            .select(sql<number>`coalesce(sum(rewards.bytes), 0)`.as('earned'))
            .whereRef('rewards.user_id', '=', 'referrer.id')
            .where(REFERRER_REASONS)
            .as('earned_bytes'),
        ])
        .groupBy(['referrer.id', 'referrer.email'])
        .orderBy('referrals', 'desc')
        .orderBy('earned_bytes', 'desc')
        .orderBy('referrer.email')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        referrals: Number(row.referrals),
        earned_bytes: Number(row.earned_bytes ?? 0),
      }));
    },
  };
}
