import type { Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { Database, WebhookDeliveryRow, WebhookEndpointRow, WebhookEventRow } from '../db/schema';
import { newId } from '../lib/ids';

/** The event outbox and the deliveries it fans out to. */
export function createWebhookDeliveryStore(db: Db) {
  return {
    /**
     * Writes an event in the caller's transaction, with one delivery (and its job) per enabled
     * endpoint of the account that takes its type: the event exists exactly when the change it
     * reports does, and its deliveries are queued with it. Answers the event's id.
     */
    async record(trx: Db, userId: string, type: string, data: unknown, now: string): Promise<string> {
      const id = newId();
      await trx
        .insertInto('webhook_events')
        .values({ id, user_id: userId, type, payload: JSON.stringify(data), created_at: now })
        .execute();
      const endpoints = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'events'])
        .where('user_id', '=', userId)
        .where('enabled', '=', 1)
        .execute();
      for (const endpoint of endpoints) {
        if (!(JSON.parse(endpoint.events) as string[]).includes(type)) continue;
        await queue(trx, endpoint.id, id, now);
      }
      return id;
    },

    find(id: string): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow; event: WebhookEventRow } | undefined> {
      return db.transaction().execute(async (trx) => {
        const delivery = await trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
        if (!delivery) return undefined;
        const endpoint = await trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', delivery.endpoint_id).executeTakeFirst();
        const event = await trx.selectFrom('webhook_events').selectAll().where('id', '=', delivery.event_id).executeTakeFirst();
        return endpoint && event ? { delivery, endpoint, event } : undefined;
      });
    },

    async update(id: string, changes: Updateable<Database['webhook_deliveries']>): Promise<void> {
      await db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
    },

    /**
     * A delivery given up: one more failure in a row for its endpoint, which is turned off with
     * `reason` once `shouldDisable` says so. One transaction, so concurrent give-ups all count.
     */
    async giveUp(
      endpointId: string,
      now: string,
      disableAt: number,
      reason: (failures: number) => string,
    ): Promise<{ failures: number; disabled: boolean }> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhook_endpoints')
          .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1), updated_at: now }))
          .where('id', '=', endpointId)
          .execute();
        const row = await trx
          .selectFrom('webhook_endpoints')
          .select(['consecutive_failures', 'enabled'])
          .where('id', '=', endpointId)
          .executeTakeFirst();
        const failures = row?.consecutive_failures ?? 0;
        const disabled = row !== undefined && row.enabled === 1 && failures >= disableAt;
        if (disabled) {
          await trx
            .updateTable('webhook_endpoints')
            .set({ enabled: 0, disabled_reason: reason(failures), updated_at: now })
            .where('id', '=', endpointId)
            .execute();
        }
        return { failures, disabled };
      });
    },

    async succeeded(endpointId: string): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ consecutive_failures: 0 })
        .where('id', '=', endpointId)
        .where('consecutive_failures', '>', 0)
        .execute();
    },
  };
}

/** A delivery of the event to the endpoint, and the job that carries it out. */
async function queue(trx: Db, endpointId: string, eventId: string, now: string): Promise<void> {
  const id = newId();
  const row = {
    id,
    endpoint_id: endpointId,
    event_id: eventId,
    status: 'pending' as const,
    attempts: 0,
    last_status_code: null,
    last_error: null,
    last_latency_ms: null,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('webhook_deliveries').values(row).execute();
  await trx
    .insertInto('jobs')
    .values({ id, kind: 'webhook', status: 'pending', attempts: 0, run_after: now, created_at: now, updated_at: now })
    .execute();
}
