import type { Db } from '../../db/database';
import type { LogRow } from '../../db/schema';
import { contains, countAs } from './search';

export interface LogFilter {
  offset: number;
  limit: number;
  type?: LogRow['type'];
  action?: string;
  userId?: string;
  /** Part of the account's email, any case: the email the entry recorded, or the account's current one. */
  user?: string;
  /** Inclusive lower bound, ISO 8601. */
  from?: string;
  /** Inclusive upper bound, ISO 8601. */
  to?: string;
}

/** The audit log, for administrators. */
export function createAdminLogStore(db: Db) {
  return {
    /** One page of log rows, newest first. */
    async list(filter: LogFilter): Promise<{ rows: LogRow[]; total: number }> {
      let base = db.selectFrom('logs');
      if (filter.type) base = base.where('type', '=', filter.type);
      if (filter.action) base = base.where('action', '=', filter.action);
      if (filter.userId) base = base.where('user_id', '=', filter.userId);
      const term = filter.user;
      if (term) {
        base = base.where((eb) =>
          eb.or([contains('user_email', term), eb('user_id', 'in', db.selectFrom('users').select('id').where(contains('email', term)))]),
        );
      }
      if (filter.from) base = base.where('created_at', '>=', filter.from);
      if (filter.to) base = base.where('created_at', '<=', filter.to);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: countAs(count.n) };
    },

    /** Deletes every row written before `before`; returns how many went. */
    async pruneBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('logs').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
