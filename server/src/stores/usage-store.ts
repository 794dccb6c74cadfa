import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { UsageCheckRow } from '../db/schema';

/** An account whose `storage_used` is not the sum of its records' charges. */
export interface UsageDrift {
  userId: string;
  email: string;
  storageUsed: number;
  recordsBytes: number;
}

/** The sum of each account's record charges, against what its usage says. */
export function createUsageStore(db: Db) {
  return {
    /** How many accounts there are, and those (at most `limit`) whose usage is off, most off first. */
    async drifts(limit: number): Promise<{ accounts: number; drifts: UsageDrift[]; total: number; bytesOff: number }> {
      const sums = db
        .selectFrom('uploads')
        .select(['user_id', (eb) => eb.fn.sum<number>('charged_bytes').as('total')])
        .groupBy('user_id')
        .as('s');
      const records = sql<number>`coalesce(s.total, 0)`;
      const off = sql<number>`abs(u.storage_used - coalesce(s.total, 0))`;
      const base = db
        .selectFrom('users as u')
        .leftJoin(sums, 's.user_id', 'u.id')
        .where(sql<boolean>`u.storage_used <> coalesce(s.total, 0)`);
      const [rows, summary, accounts] = await Promise.all([
        base
          .select(['u.id as userId', 'u.email', 'u.storage_used as storageUsed', records.as('recordsBytes')])
          .orderBy(off, 'desc')
          .orderBy('u.id')
          .limit(limit)
          .execute(),
        base
          .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(${off}), 0)`.as('bytes')])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        accounts: Number(accounts.n),
        drifts: rows.map((row) => ({
          userId: row.userId,
          email: row.email,
          storageUsed: Number(row.storageUsed),
          recordsBytes: Number(row.recordsBytes),
        })),
        total: Number(summary.n),
        bytesOff: Number(summary.bytes),
      };
    },

    /**
     * Sets an account's usage to the sum of its records' charges, if it differs. The account's row
     * is locked first: every charge and refund updates that row in the same transaction as the
     * record it is for, so the sum read after the lock sees each of them whole, and one still
     * under way applies its own change after this one. Undefined when there was nothing to set.
     */
    async repair(userId: string): Promise<{ before: number; after: number } | undefined> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .updateTable('users')
          .set({ storage_used: sql`storage_used` })
          .where('id', '=', userId)
          .returning('storage_used')
          .executeTakeFirst();
        if (!locked) return undefined;
        const { total } = await trx
          .selectFrom('uploads')
          .select(sql<number>`coalesce(sum(charged_bytes), 0)`.as('total'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        const before = Number(locked.storage_used);
        const after = Number(total);
        if (before === after) return undefined;
        await trx.updateTable('users').set({ storage_used: after }).where('id', '=', userId).execute();
        return { before, after };
      });
    },

    async record(row: UsageCheckRow): Promise<void> {
      await db.insertInto('usage_checks').values(row).execute();
    },

    async recent(limit: number): Promise<UsageCheckRow[]> {
      return db.selectFrom('usage_checks').selectAll().orderBy('finished_at', 'desc').orderBy('id').limit(limit).execute();
    },

    /** The check that ended last, undefined before the first. */
    async last(): Promise<UsageCheckRow | undefined> {
      return db.selectFrom('usage_checks').selectAll().orderBy('finished_at', 'desc').orderBy('id').limit(1).executeTakeFirst();
    },

    async pruneBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('usage_checks').where('finished_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
