import type { Updateable } from 'kysely';
import type { Db } from '../db/database';
import { lockAccount, lockedInPg } from '../db/locks';
import type { Database, WebhookEndpointRow } from '../db/schema';

/** Webhook endpoints of an account. */
export function createWebhookStore(db: Db) {
  return {
    list(userId: string): Promise<WebhookEndpointRow[]> {
      return db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    },

    find(userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
      return db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Inserts the endpoint unless the account has `max` already. The account's row is locked first
     * (PostgreSQL; SQLite writes one at a time), so that concurrent creations cannot all pass the count.
     */
    async insertWithin(row: WebhookEndpointRow, max: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, row.user_id);
        const { n } = await trx
          .selectFrom('webhook_endpoints')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', row.user_id)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return false;
        await trx.insertInto('webhook_endpoints').values(row).execute();
        return true;
      });
    },

    async update(userId: string, id: string, changes: Updateable<Database['webhook_endpoints']>): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set(changes)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Puts `sealed` in place of the endpoint's secret, which keeps signing until `previousUntil`
     * (none when null). The row is locked first (PostgreSQL; SQLite writes one at a time): of
     * concurrent rotations each takes effect in turn. Undefined when the endpoint is not there.
     */
    async rotateSecret(userId: string, id: string, sealed: string, previousUntil: string | null, now: string) {
      return db.transaction().execute(async (trx) => {
        const query = trx.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).where('id', '=', id);
        const current = await lockedInPg(trx, query).executeTakeFirst();
        if (!current) return undefined;
        const changes = {
          secret_ciphertext: sealed,
          previous_secret_ciphertext: previousUntil ? current.secret_ciphertext : null,
          previous_secret_expires_at: previousUntil,
          updated_at: now,
        };
        await trx.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
        return { ...current, ...changes };
      });
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('webhook_endpoints').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
