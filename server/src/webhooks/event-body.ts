import type { WebhookEventRow } from '../db/schema';

/**
 * The JSON body an event travels in, the same whether a webhook delivery posts it or the live
 * event stream sends it: a client handles both with one parser, and keys on the same event id.
 */
export function webhookEventBody(event: Pick<WebhookEventRow, 'id' | 'type' | 'created_at' | 'payload'>): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.created_at,
    data: JSON.parse(event.payload) as unknown,
  });
}
