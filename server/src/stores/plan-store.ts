import type { Db } from '../db/database';
import type { PlanRow } from '../db/schema';

export function createPlanStore(db: Db) {
  return {
    findByCode: (code: string): Promise<PlanRow | undefined> =>
      db.selectFrom('plans').selectAll().where('code', '=', code).executeTakeFirst(),

    async defaultPlan(): Promise<PlanRow> {
      const plan = await db.selectFrom('plans').selectAll().where('is_default', '=', 1).orderBy('code').executeTakeFirst();
      if (!plan) throw new Error('no default plan: the plans table has none with is_default = 1');
      return plan;
    },

    listActive: (): Promise<PlanRow[]> =>
      db.selectFrom('plans').selectAll().where('active', '=', 1).orderBy('storage_limit_bytes').orderBy('code').execute(),
  };
}
export type PlanStore = ReturnType<typeof createPlanStore>;
