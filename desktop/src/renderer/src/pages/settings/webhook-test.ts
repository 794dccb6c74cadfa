import type { WebhookDelivery } from '@cairn/shared/api-types';
import { webhookApi } from '../../api/webhooks';

/** How long "Send test event" waits for its delivery's outcome before saying it is still on its way. */
const WAIT_MS = 15_000;
const STEP_MS = 1000;

const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Queues a test event and waits, reading the newest page of the log, until its delivery got an
 * answer (or failed to): the delivery, or null when it has not been tried within `WAIT_MS`.
 */
export async function sendTestEvent(webhookId: string): Promise<WebhookDelivery | null> {
  const { deliveryId } = await webhookApi.test(webhookId);
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    await pause(STEP_MS);
    const { deliveries } = await webhookApi.deliveries(webhookId, 1, 10);
    const delivery = deliveries.find((row) => row.id === deliveryId);
    if (delivery && (delivery.status !== 'pending' || delivery.attempts > 0)) return delivery;
  }
  return null;
}
