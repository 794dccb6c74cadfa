import { PostgresAdapter } from 'kysely';
import type { Db } from './database';

/**
 * `SELECT … FOR UPDATE` on PostgreSQL, where concurrent transactions must queue on a row; SQLite
 * runs one write transaction at a time, so a plain read there is already exclusive.
 */
export const lockedInPg = <Q extends { forUpdate(): Q }>(trx: Db, query: Q): Q =>
  trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;

/** Queues `trx` behind every other transaction of the account until it ends (a count checked, then a row added). */
export async function lockAccount(trx: Db, userId: string): Promise<void> {
  await lockedInPg(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).execute();
}
