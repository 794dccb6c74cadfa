import type {
  Webhook,
  WebhookCreated,
  WebhookCreateRequest,
  WebhookDeleted,
  WebhookDeliveryList,
  WebhookList,
  WebhookQueued,
  WebhookSecretRotated,
  WebhookUpdateRequest,
} from '@cairn/shared/api-types';
import { api } from './client';

const path = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

/** The account's webhook endpoints, their test events and their delivery logs. */
export const webhookApi = {
  list: (signal?: AbortSignal) => api.get<WebhookList>('/webhooks', { signal }),
  create: (input: WebhookCreateRequest) => api.post<WebhookCreated>('/webhooks', input),
  update: (id: string, input: WebhookUpdateRequest) => api.request<Webhook>('PATCH', path(id), { body: input }),
  remove: (id: string) => api.delete<WebhookDeleted>(path(id)),
  rotateSecret: (id: string, overlapHours: number) => api.post<WebhookSecretRotated>(`${path(id)}/rotate-secret`, { overlapHours }),
  test: (id: string) => api.post<WebhookQueued>(`${path(id)}/test`),
  deliveries: (id: string, page: number, limit: number, signal?: AbortSignal) =>
    api.get<WebhookDeliveryList>(`${path(id)}/deliveries`, { query: { page, limit }, signal }),
  resend: (id: string, deliveryId: string) => api.post<WebhookQueued>(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
};
