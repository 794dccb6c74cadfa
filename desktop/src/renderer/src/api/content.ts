import type { PinInput } from '@cairn/shared';
import type {
  AccessLink,
  AccessLinkList,
  AccessLinkRequest,
  DagView,
  Group,
  GroupList,
  PinAllocationView,
  PinJob,
  PinStatusView,
  QueryOf,
  RemoveResult,
  Upload,
  UploadDetail,
  UploadList,
  Usage,
} from '@cairn/shared/api-types';
import { api } from './client';

/** The content API: my files, one record, rename, delete, usage, pins and the DAG viewer. Uploads go through upload-request.ts. */
export const contentApi = {
  list: (query: QueryOf<'listUploads'>, signal?: AbortSignal) => api.get<UploadList>('/users/me/uploads', { query, signal }),
  get: (uploadId: string, signal?: AbortSignal) => api.get<UploadDetail>(`/uploads/${encodeURIComponent(uploadId)}`, { signal }),
  rename: (uploadId: string, name: string) => api.request<Upload>('PATCH', `/uploads/${encodeURIComponent(uploadId)}`, { body: { name } }),
  setPrivate: (uploadId: string, value: boolean) =>
    api.request<Upload>('PUT', `/files/${encodeURIComponent(uploadId)}/privacy`, { body: { private: value } }),
  links: (uploadId: string, signal?: AbortSignal) => api.get<AccessLinkList>(`/files/${encodeURIComponent(uploadId)}/links`, { signal }),
  createLink: (uploadId: string, body: AccessLinkRequest) => api.post<AccessLink>(`/files/${encodeURIComponent(uploadId)}/links`, body),
  revokeLink: (uploadId: string, linkId: string) =>
    api.delete<void>(`/files/${encodeURIComponent(uploadId)}/links/${encodeURIComponent(linkId)}`),
  remove: (uploadId: string) => api.delete<RemoveResult>(`/uploads/${encodeURIComponent(uploadId)}`),
  setMeta: (uploadId: string, meta: Record<string, string | null>) =>
    api.request<Upload>('PATCH', `/uploads/${encodeURIComponent(uploadId)}`, { body: { meta } }),
  usage: (signal?: AbortSignal) => api.get<Usage>('/users/me/usage', { signal }),
  pin: (input: PinInput) => api.post<PinJob>('/pins', input),
  pinJob: (id: string, signal?: AbortSignal) => api.get<PinJob>(`/pins/${encodeURIComponent(id)}`, { signal }),
  dag: (cid: string, query: QueryOf<'viewDag'>, signal?: AbortSignal) =>
    api.get<DagView>(`/dag/${encodeURIComponent(cid)}`, { query, signal }),
  status: (cid: string, signal?: AbortSignal) => api.get<PinStatusView>(`/status/${encodeURIComponent(cid)}`, { signal }),
  allocations: (cid: string, signal?: AbortSignal) => api.get<PinAllocationView>(`/allocations/${encodeURIComponent(cid)}`, { signal }),
};

/** Groups of the account's files: deleting one keeps its files. */
export const groupsApi = {
  list: (query: QueryOf<'listGroups'>, signal?: AbortSignal) => api.get<GroupList>('/groups', { query, signal }),
  create: (name: string) => api.post<Group>('/groups', { name }),
  rename: (groupId: string, name: string) => api.request<Group>('PATCH', `/groups/${encodeURIComponent(groupId)}`, { body: { name } }),
  remove: (groupId: string) => api.delete<{ deleted: true }>(`/groups/${encodeURIComponent(groupId)}`),
  add: (groupId: string, uploadIds: string[]) =>
    api.post<{ added: number }>(`/groups/${encodeURIComponent(groupId)}/uploads`, { uploadIds }),
  removeFrom: (groupId: string, uploadIds: string[]) =>
    api.post<{ removed: number }>(`/groups/${encodeURIComponent(groupId)}/uploads/remove`, { uploadIds }),
};
