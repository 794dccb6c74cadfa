import type { Db } from '../db/database';
import type { LogRow } from '../db/schema';

export function createLogStore(db: Db) {
  return {
    async insert(row: LogRow): Promise<void> {
      await db.insertInto('logs').values(row).execute();
    },

    listForUser: (userId: string, limit: number): Promise<LogRow[]> =>
      db.selectFrom('logs').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute(),
  };
}
