import type { Domain, DomainCreateRequest, DomainDeleted, DomainList } from '@cairn/shared/api-types';
import { api } from './client';

const path = (id: string) => `/domains/${encodeURIComponent(id)}`;

/** The account's custom domains: add, check the DNSLink now, remove. */
export const domainsApi = {
  list: (signal?: AbortSignal) => api.get<DomainList>('/domains', { signal }),
  create: (input: DomainCreateRequest) => api.post<Domain>('/domains', input),
  verify: (id: string) => api.post<Domain>(`${path(id)}/verify`),
  remove: (id: string) => api.delete<DomainDeleted>(path(id)),
};
