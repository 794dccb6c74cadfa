import { webhookEventTypeValues, type Webhook, type WebhookDelivery, type WebhookEventType } from '@cairn/shared/api-types';

export type WebhookEventGroupKey = 'files' | 'pins' | 'psa' | 'quota' | 'payments';

/** The event types as the endpoint dialog groups them, in the order openapi.yaml lists them. */
export const WEBHOOK_EVENT_GROUPS: readonly { key: WebhookEventGroupKey; events: readonly WebhookEventType[] }[] = [
  { key: 'files', events: ['upload.created', 'record.deleted'] },
  { key: 'pins', events: ['pin.queued', 'pin.pinning', 'pin.pinned', 'pin.failed'] },
  { key: 'psa', events: ['psa.pin.queued', 'psa.pin.pinning', 'psa.pin.pinned', 'psa.pin.failed'] },
  { key: 'quota', events: ['quota.near_limit', 'quota.exceeded'] },
  { key: 'payments', events: ['payment.succeeded', 'payment.failed'] },
];

/** An event type's translation key: `psa.pin.queued` → `webhooks.event_psa_pin_queued`. */
export const webhookEventLabelKey = (type: string) => `webhooks.event_${type.replace(/\./g, '_')}`;

/** Whether a group's "all" box is ticked, unticked or half-ticked for the events chosen. */
export function groupState(chosen: readonly WebhookEventType[], events: readonly WebhookEventType[]): 'all' | 'some' | 'none' {
  const count = events.filter((event) => chosen.includes(event)).length;
  return count === 0 ? 'none' : count === events.length ? 'all' : 'some';
}

/** The events chosen with `events` added or taken away, in the contract's order and each once. */
export function withEvents(chosen: readonly WebhookEventType[], events: readonly WebhookEventType[], on: boolean): WebhookEventType[] {
  const next = new Set(chosen);
  for (const event of events) {
    if (on) next.add(event);
    else next.delete(event);
  }
  return webhookEventTypeValues.filter((event) => next.has(event));
}

/** What an endpoint's status badge says: on, turned off by its owner, or turned off by the server after failures. */
export type WebhookStatus = 'enabled' | 'disabled' | 'failing';

export const webhookStatus = (webhook: Pick<Webhook, 'enabled' | 'disabledReason'>): WebhookStatus =>
  webhook.enabled ? 'enabled' : webhook.disabledReason !== null ? 'failing' : 'disabled';

/** The endpoints the server turned off after repeated failures: each gets a banner, since no email says so. */
export const turnedOffByFailures = <T extends Pick<Webhook, 'enabled' | 'disabledReason'>>(webhooks: readonly T[]): T[] =>
  webhooks.filter((webhook) => webhookStatus(webhook) === 'failing');

/** Within this of now, a pending delivery is about to be sent: the log reads itself again to show how it went. */
export const DUE_SOON_MS = 10_000;

/** Whether a delivery is being sent now or in a moment (a test, a resend, a first attempt), not waiting for a later retry. */
export const deliveryDueSoon = (delivery: Pick<WebhookDelivery, 'status' | 'nextAttemptAt'>, now: number): boolean =>
  delivery.status === 'pending' && (delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) <= now + DUE_SOON_MS);

/** How many event types there are: an endpoint with them all says "All events". */
export const webhookEventTypeCount = webhookEventTypeValues.length;
