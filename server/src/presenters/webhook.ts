import type { WebhookEventType } from '@cairn/shared/api-types';
import type { WebhookEndpointRow } from '../db/schema';

export function presentWebhook(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    consecutiveFailures: row.consecutive_failures,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
