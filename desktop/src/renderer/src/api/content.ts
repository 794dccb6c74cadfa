import type { PinInput } from '@cairn/shared';
import { api } from './client';
import type { DagView, PinAllocationView, PinJob, PinStatusView, RemoveResult, Upload, UploadList, Usage } from './content-types';
import type { UploadSort } from '@cairn/shared';

/** The content API: my files, one record, rename, delete, usage, pins and the DAG viewer. Uploads go through upload-request.ts. */
export const contentApi = {
  list: (query: { page: number; limit: number; search?: string; sort?: UploadSort; order?: 'asc' | 'desc' }, signal?: AbortSignal) =>
    api.get<UploadList>('/users/me/uploads', { query, signal }),
  get: (uploadId: string, signal?: AbortSignal) => api.get<Upload>(`/uploads/${encodeURIComponent(uploadId)}`, { signal }),
  rename: (uploadId: string, name: string) => api.request<Upload>('PATCH', `/uploads/${encodeURIComponent(uploadId)}`, { body: { name } }),
  remove: (uploadId: string) => api.delete<RemoveResult>(`/uploads/${encodeURIComponent(uploadId)}`),
  usage: (signal?: AbortSignal) => api.get<Usage>('/users/me/usage', { signal }),
  pin: (input: PinInput) => api.post<PinJob>('/pins', input),
  pinJob: (id: string, signal?: AbortSignal) => api.get<PinJob>(`/pins/${encodeURIComponent(id)}`, { signal }),
  dag: (cid: string, query: { page: number; limit: number; path?: string }, signal?: AbortSignal) =>
    api.get<DagView>(`/dag/${encodeURIComponent(cid)}`, { query, signal }),
  status: (cid: string, signal?: AbortSignal) => api.get<PinStatusView>(`/status/${encodeURIComponent(cid)}`, { signal }),
  allocations: (cid: string, signal?: AbortSignal) => api.get<PinAllocationView>(`/allocations/${encodeURIComponent(cid)}`, { signal }),
};
