import type { WebhookEventType } from '@cairn/shared/api-types';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/schema';
import { previousSecretLive } from '../webhooks/policy';

export function presentWebhook(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    consecutiveFailures: row.consecutive_failures,
    previousSecretExpiresAt: previousSecretLive(row) ? row.previous_secret_expires_at : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentWebhookDelivery(row: WebhookDeliveryRow & { event_type: string }) {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    latencyMs: row.last_latency_ms,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
