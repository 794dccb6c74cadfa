import type { AdminBandwidth, BandwidthUsage, QueryOf, RecordBandwidth } from '@cairn/shared/api-types';
import { api } from './client';

/** What the gateway sent: the account's month and days, one file's days, and every account's for administrators. */
export const bandwidthApi = {
  usage: (query: QueryOf<'getBandwidthUsage'> = {}, signal?: AbortSignal) =>
    api.get<BandwidthUsage>('/users/me/usage/bandwidth', { query, signal }),
  record: (uploadId: string, signal?: AbortSignal) =>
    api.get<RecordBandwidth>(`/uploads/${encodeURIComponent(uploadId)}/bandwidth`, { signal }),
  admin: (query: QueryOf<'adminBandwidthStats'>, signal?: AbortSignal) =>
    api.get<AdminBandwidth>('/admin/stats/bandwidth', { query, signal }),
};
