import type { Updateable } from 'kysely';
import type { Db } from '../db/database';
import { lockAccount } from '../db/locks';
import type { CustomDomainRow, Database } from '../db/schema';

/** Outcome of inserting a custom domain. */
export type DomainInsert = 'inserted' | 'limit' | 'taken';

/** Custom domains: per account, and by host name for the gateway. */
export function createCustomDomainStore(db: Db) {
  return {
    list(userId: string): Promise<CustomDomainRow[]> {
      return db.selectFrom('custom_domains').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    },

    find(userId: string, id: string): Promise<CustomDomainRow | undefined> {
      return db.selectFrom('custom_domains').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    },

    byHostname(hostname: string): Promise<CustomDomainRow | undefined> {
      return db.selectFrom('custom_domains').selectAll().where('hostname', '=', hostname).executeTakeFirst();
    },

    /**
     * Inserts the domain unless the account has `max` already, or the host name is held by another
     * row than `replacing` (a row of another account this claim takes over, deleted in the same
     * transaction). The account's row is locked first (PostgreSQL; SQLite writes one at a time), so
     * that concurrent additions cannot all pass the count.
     */
    async insertWithin(row: CustomDomainRow, max: number, replacing: string | null): Promise<DomainInsert> {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, row.user_id);
        const { n } = await trx
          .selectFrom('custom_domains')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', row.user_id)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return 'limit';
        if (replacing !== null) await trx.deleteFrom('custom_domains').where('id', '=', replacing).execute();
        const inserted = await trx
          .insertInto('custom_domains')
          .values(row)
          .onConflict((c) => c.column('hostname').doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 ? 'inserted' : 'taken';
      });
    },

    async update(id: string, changes: Updateable<Database['custom_domains']>): Promise<void> {
      await db.updateTable('custom_domains').set(changes).where('id', '=', id).execute();
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('custom_domains').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Verified domains whose last check is older than `before`, the longest unchecked first. */
    due(before: string, limit: number): Promise<CustomDomainRow[]> {
      return db
        .selectFrom('custom_domains')
        .selectAll()
        .where('status', '=', 'verified')
        .where((w) => w.or([w('last_checked_at', 'is', null), w('last_checked_at', '<', before)]))
        .orderBy('last_checked_at')
        .limit(limit)
        .execute();
    },
  };
}
