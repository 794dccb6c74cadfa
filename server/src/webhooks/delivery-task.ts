import type { AppContext } from '../context';
import { isoAt } from '../jobs/clock';
import { RetryAt, type Task } from '../jobs/runner';
import { webhookEventBody } from './event-body';
import { disabledReason, nextAttemptAt, previousSecretLive, WEBHOOK_DISABLE_AFTER } from './policy';
import { openWebhookSecret } from './secret-box';
import { sendWebhook, type WebhookAttemptResult } from './sender';
import { resolveWebhookTarget, webhookLookup, WebhookTargetError } from './target';

/**
 * Carries out one delivery (a `webhook` job, whose id is the delivery's): checks the target again
 * (what its name resolves to may have changed since creation) and posts the signed event to the
 * very address checked. A failure is retried on the webhook policy's schedule for 24 hours, then
 * given up, which may turn the endpoint off. A run cut short by a crash runs again after its lease:
 * the receiver may get the event twice, with the same id (at least once).
 */
export const webhookTask: Task = {
  kind: 'webhook',
  slots: 4,
  // The policy gives up first (about ten attempts in 24 hours); this only bounds a broken clock.
  maxAttempts: 50,
  async run(app: AppContext, { job }) {
    const found = await app.stores.webhookDeliveries.find(job.id);
    if (!found || found.delivery.status !== 'pending') return;
    const { delivery, endpoint, event } = found;
    const startedAt = app.clock.now();
    if (endpoint.enabled !== 1) {
      await app.stores.webhookDeliveries.update(delivery.id, {
        status: 'failed',
        last_error: 'the endpoint is turned off',
        next_attempt_at: null,
        updated_at: isoAt(startedAt),
      });
      return;
    }
    const body = webhookEventBody(event);
    let result: WebhookAttemptResult;
    try {
      const url = new URL(endpoint.url);
      const address = await resolveWebhookTarget(url, app.config.webhooksAllowPrivateTargets, webhookLookup(app.config));
      const secrets = [await openWebhookSecret(app, endpoint.secret_ciphertext)];
      // While a secret is rotated, the one it replaced signs too: receivers not yet moved still verify.
      if (previousSecretLive(endpoint, startedAt)) secrets.push(await openWebhookSecret(app, endpoint.previous_secret_ciphertext!));
      result = await sendWebhook({ url, address, eventId: event.id, body, secrets, signedAt: Math.floor(startedAt / 1000) });
    } catch (error) {
      if (!(error instanceof WebhookTargetError)) throw error;
      result = { ok: false, statusCode: null, error: `refused: ${error.message}`, latencyMs: 0 };
    }
    const at = app.clock.now();
    const attempts = delivery.attempts + 1;
    const outcome = {
      attempts,
      last_status_code: result.statusCode,
      last_error: result.error,
      last_latency_ms: result.latencyMs,
      updated_at: isoAt(at),
    };
    if (result.ok) {
      await app.stores.webhookDeliveries.update(delivery.id, { ...outcome, status: 'succeeded', next_attempt_at: null });
      await app.stores.webhookDeliveries.succeeded(endpoint.id);
      return;
    }
    const next = nextAttemptAt(Date.parse(delivery.created_at), at, attempts);
    if (next === null) {
      await app.stores.webhookDeliveries.update(delivery.id, { ...outcome, status: 'failed', next_attempt_at: null });
      const { disabled, failures } = await app.stores.webhookDeliveries.giveUp(
        endpoint.id,
        isoAt(at),
        WEBHOOK_DISABLE_AFTER,
        disabledReason,
      );
      if (disabled) app.logger.warn('webhook endpoint turned off', { endpointId: endpoint.id, failures });
      return;
    }
    await app.stores.webhookDeliveries.update(delivery.id, { ...outcome, next_attempt_at: isoAt(next) });
    throw new RetryAt(next, `webhook delivery failed: ${result.error}`);
  },
};
