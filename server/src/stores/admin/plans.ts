import type { PlanTranslationsInput } from '@cairn/shared';
import type { Db } from '../../db/database';
import type { PlanRow, PlanTranslationRow } from '../../db/schema';

export type PlanWithUsers = PlanRow & { users_count: number };
export type PlanChanges = Partial<Omit<PlanRow, 'code' | 'created_at'>>;

/** The plan catalogue as administrators manage it, inactive plans included. */
export function createAdminPlanStore(db: Db) {
  const usersCount = (code: string) =>
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('plan_code', '=', code)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));

  /** Writes the languages given: a language with both fields empty loses its translation. */
  async function saveTranslations(trx: Db, code: string, translations: PlanTranslationsInput): Promise<void> {
    for (const [language, text] of Object.entries(translations)) {
      if (!text) continue;
      await trx.deleteFrom('plan_translations').where('plan_code', '=', code).where('language', '=', language).execute();
      if (text.name || text.description) {
        await trx
          .insertInto('plan_translations')
          .values({ plan_code: code, language, name: text.name, description: text.description })
          .execute();
      }
    }
  }

  return {
    /** Every translation of these plans. */
    translationsOf: (codes: string[]): Promise<PlanTranslationRow[]> =>
      codes.length === 0
        ? Promise.resolve([])
        : db.selectFrom('plan_translations').selectAll().where('plan_code', 'in', codes).orderBy('language').execute(),

    /** Every plan with how many accounts hold it, cheapest first. */
    async listWithUsers(): Promise<PlanWithUsers[]> {
      const rows = await db
        .selectFrom('plans')
        .leftJoin('users', 'users.plan_code', 'plans.code')
        .selectAll('plans')
        .select((eb) => eb.fn.count('users.id').as('users_count'))
        .groupBy([
          'plans.code',
          'plans.name',
          'plans.storage_limit_bytes',
          'plans.price_cents',
          'plans.description',
          'plans.active',
          'plans.is_default',
          'plans.egress_limit_bytes',
          'plans.egress_over_limit',
          'plans.request_limit_factor',
          'plans.created_at',
          'plans.updated_at',
        ])
        .orderBy('plans.price_cents')
        .orderBy('plans.storage_limit_bytes')
        .orderBy('plans.code')
        .execute();
      return rows.map((row) => ({ ...row, users_count: Number(row.users_count) }));
    },

    usersCount,

    /** Inserts a plan; when it is the default, the previous default stops being one, atomically. */
    async insert(plan: PlanRow, translations: PlanTranslationsInput = {}): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (plan.is_default)
          await trx.updateTable('plans').set({ is_default: 0, updated_at: plan.updated_at }).where('is_default', '=', 1).execute();
        await trx.insertInto('plans').values(plan).execute();
        await saveTranslations(trx, plan.code, translations);
      });
    },

    /** Applies changes; making a plan the default takes the flag from the previous default, atomically. */
    async update(code: string, changes: PlanChanges, now: string, translations: PlanTranslationsInput = {}): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (changes.is_default) {
          await trx
            .updateTable('plans')
            .set({ is_default: 0, updated_at: now })
            .where('is_default', '=', 1)
            .where('code', '!=', code)
            .execute();
        }
        await trx
          .updateTable('plans')
          .set({ ...changes, updated_at: now })
          .where('code', '=', code)
          .execute();
        await saveTranslations(trx, code, translations);
      });
    },

    /** Checkouts of this plan still waiting for payment. */
    pendingOrders: (code: string) =>
      db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('plan_code', '=', code)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n)),

    /** Deletes a plan that no account holds or is paying for; false when one took it meanwhile. */
    async deleteUnused(code: string): Promise<boolean> {
      const result = await db
        .deleteFrom('plans')
        .where('code', '=', code)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('users').select('users.id').where('users.plan_code', '=', code))))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('orders').select('orders.id').where('orders.plan_code', '=', code).where('orders.status', '=', 'pending'),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
