import type { Db } from '../db/database';
import type { WebhookEventRow } from '../db/schema';

/** Reads of the event outbox (`webhook_events`) for the live event streams. */
export function createLiveEventStore(db: Db) {
  return {
    /** The events of these accounts written at or after `since`, oldest first (one query for all). */
    since(userIds: readonly string[], since: string, limit: number): Promise<WebhookEventRow[]> {
      return db
        .selectFrom('webhook_events')
        .selectAll()
        .where('user_id', 'in', userIds)
        .where('created_at', '>=', since)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** One of the account's events; undefined when it has none of that id (another's, or pruned). */
    find(userId: string, id: string): Promise<WebhookEventRow | undefined> {
      return db.selectFrom('webhook_events').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    /** The account's events after `event` in stream order (time, then id), oldest first. */
    after(userId: string, event: Pick<WebhookEventRow, 'id' | 'created_at'>, limit: number): Promise<WebhookEventRow[]> {
      return db
        .selectFrom('webhook_events')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([eb('created_at', '>', event.created_at), eb.and([eb('created_at', '=', event.created_at), eb('id', '>', event.id)])]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}
