import type { S3KeyCreated, S3KeyCreateRequest, S3KeyList } from '@cairn/shared/api-types';
import { api } from './client';

/** The account's S3 access keys, and where S3 clients connect. */
export const s3KeyApi = {
  list: (signal?: AbortSignal) => api.get<S3KeyList>('/s3/keys', { signal }),
  create: (input: S3KeyCreateRequest) => api.post<S3KeyCreated>('/s3/keys', input),
  remove: (id: string) => api.delete<void>(`/s3/keys/${encodeURIComponent(id)}`),
};
