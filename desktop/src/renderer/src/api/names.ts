import type {
  Name,
  NameCreateRequest,
  NameDeleted,
  NameHistory,
  NameKeyExport,
  NameList,
  NamePublishRequest,
  NameRollbackRequest,
  NameUpdateRequest,
} from '@cairn/shared/api-types';
import { api } from './client';

/** A request body of which the server defaults `K` (the generated types mark defaulted fields as always present). */
type Defaulted<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

const path = (id: string) => `/names/${encodeURIComponent(id)}`;

/** The account's IPNS names: create, label, publish, history and rollback, key export, delete. */
export const namesApi = {
  list: (signal?: AbortSignal) => api.get<NameList>('/names', { signal }),
  create: (input: NameCreateRequest) => api.post<Name>('/names', input),
  rename: (id: string, input: NameUpdateRequest) => api.request<Name>('PATCH', path(id), { body: input }),
  remove: (id: string) => api.delete<NameDeleted>(path(id)),
  publish: (id: string, input: Defaulted<NamePublishRequest, 'ttlSeconds' | 'validityHours'>) =>
    api.post<Name>(`${path(id)}/publish`, input),
  history: (id: string, limit: number, signal?: AbortSignal) => api.get<NameHistory>(`${path(id)}/history`, { query: { limit }, signal }),
  rollback: (id: string, input: Defaulted<NameRollbackRequest, 'ttlSeconds'>) => api.post<Name>(`${path(id)}/rollback`, input),
  exportKey: (id: string) => api.get<NameKeyExport>(`${path(id)}/key`),
};
