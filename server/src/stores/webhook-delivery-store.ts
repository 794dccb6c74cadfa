import { PostgresAdapter, sql, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { Database, WebhookDeliveryRow, WebhookEndpointRow, WebhookEventRow } from '../db/schema';
import { newId } from '../lib/ids';

/** The PostgreSQL channel live event streams listen on (see events/event-hub.ts). */
export const EVENTS_CHANNEL = 'cairn_events';

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
      // Delivered to listeners on commit only, and dropped with a rollback: a stream never hears of
      // an event that did not happen. Small on purpose (NOTIFY payloads are capped at 8 kB).
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`select pg_notify(${EVENTS_CHANNEL}, ${`${userId} ${id}`})`.execute(trx);
      }
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

    /** Whether the account has had an event of this type since `since`, as `trx` sees it. */
    async recentOfType(trx: Db, userId: string, type: string, since: string): Promise<boolean> {
      const row = await trx
        .selectFrom('webhook_events')
        .select('id')
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('type', '=', type)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A test event for one endpoint alone, queued at once. */
    async recordTest(userId: string, endpointId: string, now: string): Promise<{ eventId: string; deliveryId: string }> {
      return db.transaction().execute(async (trx) => {
        const eventId = newId();
        const payload = JSON.stringify({ webhookId: endpointId });
        await trx
          .insertInto('webhook_events')
          .values({ id: eventId, user_id: userId, type: 'webhook.test', payload, created_at: now })
          .execute();
        return { eventId, deliveryId: await queue(trx, endpointId, eventId, now) };
      });
    },

    /** A page of an endpoint's deliveries, newest first, with their event's type. */
    async page(endpointId: string, offset: number, limit: number) {
      const rows = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
        .selectAll('d')
        .select('e.type as event_type')
        .where('d.endpoint_id', '=', endpointId)
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const { n } = await db
        .selectFrom('webhook_deliveries')
        .select((c) => c.fn.countAll<number | string>().as('n'))
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirstOrThrow();
      return { rows, total: Number(n) };
    },

    /**
     * Queues a delivery of the endpoint once more, now: pending again, its job due now (a job
     * still waiting for its retry is brought forward). Undefined when the endpoint has no such delivery.
     */
    async resend(endpointId: string, deliveryId: string, now: string): Promise<WebhookDeliveryRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const delivery = await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'pending', next_attempt_at: now, updated_at: now })
          .where('id', '=', deliveryId)
          .where('endpoint_id', '=', endpointId)
          .returningAll()
          .executeTakeFirst();
        if (!delivery) return undefined;
        await trx
          .insertInto('jobs')
          .values({ id: delivery.id, kind: 'webhook', status: 'pending', attempts: 0, run_after: now, created_at: now, updated_at: now })
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({ status: 'pending', run_after: now, updated_at: now }).where('jobs.status', '!=', 'running'),
          )
          .execute();
        return delivery;
      });
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

    /**
     * Deletes up to `max` events written before `before` that no delivery still waits to send,
     * with their deliveries. Answers how many went.
     */
    async pruneEventsBefore(before: string, max: number): Promise<number> {
      const result = await db
        .deleteFrom('webhook_events')
        .where(
          'id',
          'in',
          db
            .selectFrom('webhook_events as e')
            .select('e.id')
            .where('e.created_at', '<', before)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('webhook_deliveries as d')
                    .select('d.id')
                    .whereRef('d.event_id', '=', 'e.id')
                    .where('d.status', '=', 'pending'),
                ),
              ),
            )
            .limit(max),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
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
async function queue(trx: Db, endpointId: string, eventId: string, now: string): Promise<string> {
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
  return id;
}
