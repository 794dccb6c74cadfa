import type { WebhookCreateInput, WebhookUpdateInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { WebhookEndpointRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid, newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { WEBHOOK_ENDPOINTS_MAX } from '../../webhooks/policy';
import { sealWebhookSecret } from '../../webhooks/secret-box';
import { newWebhookSecret } from '../../webhooks/signature';
import { resolveWebhookTarget, webhookLookup, WebhookTargetError } from '../../webhooks/target';

export const webhookNotFound = () => notFound('webhook_not_found', 'Webhook endpoint not found');
const limitReached = () => conflict('webhook_limit_reached', `An account may have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`);
const urlRefused = (why: string) => badRequest('webhook_url_refused', `Webhook URL refused: ${why}`);

/**
 * A URL deliveries may go to: https in production, and a host whose every address is public
 * (unless the server allows private targets). Checked again at each delivery, since what a name
 * resolves to can change.
 */
export async function checkWebhookUrl(app: AppContext, raw: string): Promise<string> {
  const url = new URL(raw);
  if (app.config.production && url.protocol !== 'https:') throw urlRefused('it must use https://');
  if (url.username || url.password) throw urlRefused('it must not carry a user name or password');
  try {
    await resolveWebhookTarget(url, app.config.webhooksAllowPrivateTargets, webhookLookup(app.config));
  } catch (error) {
    if (error instanceof WebhookTargetError) throw urlRefused(error.message);
    throw error;
  }
  return url.href;
}

/** One of the account's endpoints, or 404 (another account's is not told apart from none). */
export async function webhookReader(app: AppContext, userId: string, id: string): Promise<WebhookEndpointRow> {
  const row = isUuid(id) ? await app.stores.webhooks.find(userId, id) : undefined;
  if (!row) throw webhookNotFound();
  return row;
}

export const webhookLister = (app: AppContext, userId: string) => app.stores.webhooks.list(userId);

/** A new endpoint and its signing secret, which is answered this once and kept sealed. */
export async function webhookCreator(
  app: AppContext,
  userId: string,
  input: WebhookCreateInput,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  const url = await checkWebhookUrl(app, input.url);
  const secret = newWebhookSecret();
  const now = nowIso();
  const row: WebhookEndpointRow = {
    id: newId(),
    user_id: userId,
    url,
    description: input.description ?? '',
    events: JSON.stringify(input.events),
    secret_ciphertext: await sealWebhookSecret(app, secret),
    previous_secret_ciphertext: null,
    previous_secret_expires_at: null,
    enabled: 1,
    disabled_reason: null,
    consecutive_failures: 0,
    created_at: now,
    updated_at: now,
  };
  if (!(await app.stores.webhooks.insertWithin(row, WEBHOOK_ENDPOINTS_MAX))) throw limitReached();
  return { row, secret };
}

/** Changes an endpoint; turning it back on forgets the failures that turned it off. */
export async function webhookUpdater(app: AppContext, userId: string, id: string, input: WebhookUpdateInput): Promise<WebhookEndpointRow> {
  const current = await webhookReader(app, userId, id);
  const changes: Partial<WebhookEndpointRow> = { updated_at: nowIso() };
  if (input.url !== undefined) changes.url = await checkWebhookUrl(app, input.url);
  if (input.description !== undefined) changes.description = input.description;
  if (input.events !== undefined) changes.events = JSON.stringify(input.events);
  if (input.enabled !== undefined) {
    changes.enabled = input.enabled ? 1 : 0;
    if (input.enabled) Object.assign(changes, { disabled_reason: null, consecutive_failures: 0 });
  }
  if (!(await app.stores.webhooks.update(userId, current.id, changes))) throw webhookNotFound();
  return { ...current, ...changes };
}

/**
 * A new signing secret for the endpoint, answered this once. The secret it replaces keeps signing
 * beside it (each delivery carries a `v1` for both) for `overlapHours`, 0 ending it at once.
 */
export async function webhookSecretRotator(
  app: AppContext,
  userId: string,
  id: string,
  overlapHours: number,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  const current = await webhookReader(app, userId, id);
  const secret = newWebhookSecret();
  const now = Date.now();
  const previousUntil = overlapHours > 0 ? new Date(now + overlapHours * 3_600_000).toISOString() : null;
  const row = await app.stores.webhooks.rotateSecret(
    userId,
    current.id,
    await sealWebhookSecret(app, secret),
    previousUntil,
    new Date(now).toISOString(),
  );
  if (!row) throw webhookNotFound();
  return { row, secret };
}

export async function webhookRemover(app: AppContext, userId: string, id: string): Promise<void> {
  const current = await webhookReader(app, userId, id);
  if (!(await app.stores.webhooks.delete(userId, current.id))) throw webhookNotFound();
}

/** Queues a `webhook.test` event for this endpoint alone. */
export async function webhookTester(app: AppContext, userId: string, id: string) {
  const endpoint = await webhookReader(app, userId, id);
  const queued = await app.stores.webhookDeliveries.recordTest(userId, endpoint.id, nowIso());
  app.jobs.kick('webhook');
  return queued;
}

/** A page of the endpoint's delivery log, newest first. */
export async function webhookDeliveryLister(app: AppContext, userId: string, id: string, offset: number, limit: number) {
  const endpoint = await webhookReader(app, userId, id);
  return app.stores.webhookDeliveries.page(endpoint.id, offset, limit);
}

/** Sends a delivery of the endpoint once more, now, with the same event id. */
export async function webhookResender(app: AppContext, userId: string, id: string, deliveryId: string) {
  const endpoint = await webhookReader(app, userId, id);
  const delivery = isUuid(deliveryId) ? await app.stores.webhookDeliveries.resend(endpoint.id, deliveryId, nowIso()) : undefined;
  if (!delivery) throw notFound('not_found', 'Delivery not found');
  app.jobs.kick('webhook');
  return { eventId: delivery.event_id, deliveryId: delivery.id };
}
