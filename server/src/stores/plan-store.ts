import type { Db } from '../db/database';
import type { PlanRow, UserRow } from '../db/schema';

export function createPlanStore(db: Db) {
  return {
    findByCode: (code: string): Promise<PlanRow | undefined> =>
      db.selectFrom('plans').selectAll().where('code', '=', code).executeTakeFirst(),

    async defaultPlan(): Promise<PlanRow> {
      const plan = await db.selectFrom('plans').selectAll().where('is_default', '=', 1).orderBy('code').executeTakeFirst();
      if (!plan) throw new Error('no default plan: the plans table has none with is_default = 1');
      return plan;
    },

    /** The texts of these plans in one language, by plan code; plans without a translation are absent. */
    async translations(codes: string[], language: string): Promise<Map<string, { name: string; description: string }>> {
      if (codes.length === 0) return new Map();
      const rows = await db
        .selectFrom('plan_translations')
        .select(['plan_code', 'name', 'description'])
        .where('language', '=', language)
        .where('plan_code', 'in', codes)
        .execute();
      return new Map(rows.map((row) => [row.plan_code, { name: row.name, description: row.description }]));
    },

    /** Each plan's request limit factor (0033), by plan code. */
    async requestLimitFactors(): Promise<Map<string, number>> {
      const rows = await db.selectFrom('plans').select(['code', 'request_limit_factor']).execute();
      return new Map(rows.map((row) => [row.code, Number(row.request_limit_factor)]));
    },

    listActive: (): Promise<PlanRow[]> =>
      db.selectFrom('plans').selectAll().where('active', '=', 1).orderBy('storage_limit_bytes').orderBy('code').execute(),

    /**
     * Puts an account on a plan, only if it is on `fromCode` when given; the updated row, or
     * undefined when nothing changed. The UPDATE comes first: on PostgreSQL it holds the row until
     * `trx` ends, so concurrent changes of one account take turns.
     */
    async assign(trx: Db, userId: string, code: string, now: string, fromCode?: string): Promise<UserRow | undefined> {
      let query = trx.updateTable('users').set({ plan_code: code, updated_at: now }).where('id', '=', userId);
      if (fromCode !== undefined) query = query.where('plan_code', '=', fromCode);
      const result = await query.executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    },
  };
}
