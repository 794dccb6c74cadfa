import { webhookEventTypeValues } from '../api-types/schemas';
import { z } from 'zod';

const url = z
  .url({ protocol: /^https?$/, error: 'url must be an http:// or https:// URL' })
  .max(2048, 'url has at most 2048 characters')
  .meta({ pattern: undefined });
const description = z.string().trim().max(255, 'description has at most 255 characters');
const events = z
  .array(z.enum(webhookEventTypeValues, { error: `events are among ${webhookEventTypeValues.join(', ')}` }))
  .min(1, 'events must name at least one event type')
  .max(webhookEventTypeValues.length)
  .refine((list) => new Set(list).size === list.length, 'events names each event type once')
  .meta({ uniqueItems: true });

/** `POST /webhooks`. */
export const webhookCreateSchema = z.object({ url, description: description.optional(), events });
export type WebhookCreateInput = z.infer<typeof webhookCreateSchema>;

/** `PATCH /webhooks/{webhookId}`: any of the fields, at least one. */
export const webhookUpdateSchema = z
  .object({ url: url.optional(), description: description.optional(), events: events.optional(), enabled: z.boolean().optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one of url, description, events, enabled')
  .meta({ minProperties: 1 });
export type WebhookUpdateInput = z.infer<typeof webhookUpdateSchema>;

/** `POST /webhooks/{webhookId}/rotate-secret`: how long the replaced secret keeps signing. */
export const webhookRotateSecretSchema = z.object({
  overlapHours: z
    .int('overlapHours must be a whole number of hours')
    .min(0, 'overlapHours is at least 0')
    .max(168, 'overlapHours is at most 168 (7 days)')
    .default(24),
});
export type WebhookRotateSecretInput = z.infer<typeof webhookRotateSecretSchema>;
