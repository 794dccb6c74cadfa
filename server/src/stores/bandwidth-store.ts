import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { EgressOverLimit } from '../db/schema';

/** Counts gathered in memory for one record and UTC day, added to its row by a flush. */
export interface BandwidthCount {
  uploadId: string;
  userId: string;
  day: string;
  bytes: number;
  requests: number;
}

/** The record the gateway charges a download of a root CID to, and its account. */
export interface ChargedRecord {
  uploadId: string;
  userId: string;
}

export interface DayTotal {
  day: string;
  bytes: number;
  requests: number;
}

export interface RecordTotal {
  uploadId: string;
  name: string;
  cid: string;
  bytes: number;
  requests: number;
}

export interface AccountTotal {
  userId: string;
  email: string;
  bytes: number;
  requests: number;
}

/** An account's allowance and what it used in the month so far, as the database holds it. */
export interface EgressStanding {
  limitBytes: number | null;
  overLimit: EgressOverLimit;
  usedBytes: number;
}

const sumBytes = sql<number>`coalesce(sum(bytes), 0)`;
const sumRequests = sql<number>`coalesce(sum(requests), 0)`;
const dayTotals = (rows: { day: string; bytes: number | string; requests: number | string }[]): DayTotal[] =>
  rows.map((row) => ({ day: row.day, bytes: Number(row.bytes), requests: Number(row.requests) }));

/** The gateway's per-record daily counts, and the figures read from them. */
export function createBandwidthStore(db: Db) {
  return {
    /**
     * Adds every count to its row in one transaction: additive upserts, so that instances flushing
     * at once each add their share and none overwrites another's.
     */
    async add(counts: BandwidthCount[]): Promise<void> {
      if (counts.length === 0) return;
      await db.transaction().execute(async (trx) => {
        // An account deleted since its downloads were counted takes its counts with it: a row for it
        // would fail the whole batch, again at every flush.
        const userIds = [...new Set(counts.map((count) => count.userId))];
        const alive = new Set((await trx.selectFrom('users').select('id').where('id', 'in', userIds).execute()).map((row) => row.id));
        for (const count of counts) {
          if (!alive.has(count.userId)) continue;
          await trx
            .insertInto('bandwidth_daily')
            .values({ upload_id: count.uploadId, day: count.day, user_id: count.userId, bytes: count.bytes, requests: count.requests })
            .onConflict((oc) =>
              oc.columns(['upload_id', 'day']).doUpdateSet({
                bytes: sql`bandwidth_daily.bytes + excluded.bytes`,
                requests: sql`bandwidth_daily.requests + excluded.requests`,
              }),
            )
            .execute();
        }
      });
    },

    /**
     * The record a gateway download of `cid` is charged to: of the public records holding it, the
     * account's own content first (not a remote pin), then the oldest. One account pays for one
     * download, the same one every time.
     */
    async chargedRecord(cid: string): Promise<ChargedRecord | null> {
      const row = await db
        .selectFrom('uploads')
        .select(['id', 'user_id'])
        .where('cid', '=', cid)
        .where('private', '=', 0)
        .orderBy('owned', 'desc')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ? { uploadId: row.id, userId: row.user_id } : null;
    },

    /** The account's plan allowance and its bytes since `sinceDay` (the month's first day). */
    async standing(userId: string, sinceDay: string): Promise<EgressStanding> {
      const [plan, used] = await Promise.all([
        db
          .selectFrom('users')
          .innerJoin('plans', 'plans.code', 'users.plan_code')
          .select(['plans.egress_limit_bytes', 'plans.egress_over_limit'])
          .where('users.id', '=', userId)
          .executeTakeFirst(),
        db
          .selectFrom('bandwidth_daily')
          .select(sumBytes.as('bytes'))
          .where('user_id', '=', userId)
          .where('day', '>=', sinceDay)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        limitBytes: plan?.egress_limit_bytes == null ? null : Number(plan.egress_limit_bytes),
        overLimit: plan?.egress_over_limit ?? 'block',
        usedBytes: Number(used.bytes),
      };
    },

    /** An account's totals per day in [from, to] (days with nothing are absent). */
    async accountDays(userId: string, from: string, to: string): Promise<DayTotal[]> {
      const rows = await db
        .selectFrom('bandwidth_daily')
        .select(['day', sumBytes.as('bytes'), sumRequests.as('requests')])
        .where('user_id', '=', userId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .orderBy('day')
        .execute();
      return dayTotals(rows);
    },

    /** A record's totals per day in [from, to]. */
    async recordDays(uploadId: string, from: string, to: string): Promise<DayTotal[]> {
      const rows = await db
        .selectFrom('bandwidth_daily')
        .select(['day', 'bytes', 'requests'])
        .where('upload_id', '=', uploadId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .execute();
      return dayTotals(rows);
    },

    /** An account's records that sent the most bytes in [from, to] (records since deleted are left out). */
    async topRecords(userId: string, from: string, to: string, limit: number): Promise<RecordTotal[]> {
      const rows = await db
        .selectFrom('bandwidth_daily as b')
        .innerJoin('uploads as u', 'u.id', 'b.upload_id')
        .select(['u.id', 'u.name', 'u.cid', sql<number>`sum(b.bytes)`.as('bytes'), sql<number>`sum(b.requests)`.as('requests')])
        .where('b.user_id', '=', userId)
        .where('b.day', '>=', from)
        .where('b.day', '<=', to)
        .groupBy(['u.id', 'u.name', 'u.cid'])
        .orderBy(sql`sum(b.bytes)`, 'desc')
        .orderBy('u.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        uploadId: row.id,
        name: row.name,
        cid: row.cid,
        bytes: Number(row.bytes),
        requests: Number(row.requests),
      }));
    },

    /** Every account's totals per day since `from`. */
    async allDays(from: string): Promise<DayTotal[]> {
      const rows = await db
        .selectFrom('bandwidth_daily')
        .select(['day', sumBytes.as('bytes'), sumRequests.as('requests')])
        .where('day', '>=', from)
        .groupBy('day')
        .orderBy('day')
        .execute();
      return dayTotals(rows);
    },

    /** The accounts that downloaded the most since `from`. */
    async topAccounts(from: string, limit: number): Promise<AccountTotal[]> {
      const rows = await db
        .selectFrom('bandwidth_daily as b')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .select(['u.id', 'u.email', sql<number>`sum(b.bytes)`.as('bytes'), sql<number>`sum(b.requests)`.as('requests')])
        .where('b.day', '>=', from)
        .groupBy(['u.id', 'u.email'])
        .orderBy(sql`sum(b.bytes)`, 'desc')
        .orderBy('u.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ userId: row.id, email: row.email, bytes: Number(row.bytes), requests: Number(row.requests) }));
    },

    /** Every account's total since `from`. */
    async total(from: string): Promise<{ bytes: number; requests: number }> {
      const row = await db
        .selectFrom('bandwidth_daily')
        .select([sumBytes.as('bytes'), sumRequests.as('requests')])
        .where('day', '>=', from)
        .executeTakeFirstOrThrow();
      return { bytes: Number(row.bytes), requests: Number(row.requests) };
    },
  };
}

export type BandwidthStore = ReturnType<typeof createBandwidthStore>;
