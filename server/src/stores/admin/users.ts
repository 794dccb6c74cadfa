import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { contains, countAs, type Page } from './search';

export type AdminUserRow = UserRow & { plan_limit: number | null };

/** Every account, for administrators. */
export function createAdminUserStore(db: Db) {
  return {
    /** One page of accounts, newest first, with their plan's limit (null when the plan no longer exists). */
    async list(page: Page): Promise<{ rows: AdminUserRow[]; total: number }> {
      let base = db.selectFrom('users').leftJoin('plans', 'plans.code', 'users.plan_code');
      if (page.search) {
        const term = page.search;
        base = base.where((eb) => eb.or([contains('users.email', term), contains('users.name', term), contains('users.lastname', term)]));
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll('users')
          .select('plans.storage_limit_bytes as plan_limit')
          .orderBy('users.created_at', 'desc')
          .orderBy('users.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: countAs(count.n) };
    },
  };
}
