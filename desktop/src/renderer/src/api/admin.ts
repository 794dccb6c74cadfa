import type { AdminBonusGrantInput, LogPruneInput, PlanCreateInput, PlanUpdateInput } from '@cairn/shared';
import type {
  AdminContentJob,
  AdminEngineGc,
  AdminEngineGcRun,
  AdminFile,
  AdminPlan,
  AdminReferral,
  AdminReward,
  AdminStats,
  AdminToken,
  AdminUser,
  AdminUserDetail,
  AdminUserUpdate,
  ContentJobQuery,
  ListQuery,
  LogEntry,
  LogQuery,
  Paged,
} from './admin-types';
import { api } from './client';

type Query = Record<string, string | number | undefined>;
const list =
  <K extends string, T>(path: string) =>
  (query: ListQuery | LogQuery | ContentJobQuery, signal?: AbortSignal) =>
    api.get<Paged & Record<K, T[]>>(path, { query: { ...query } as Query, signal });
const id = (value: string) => encodeURIComponent(value);

/** The admin API. Imported by the admin area only, so it ships in that chunk. */
export const adminApi = {
  stats: (signal?: AbortSignal) => api.get<AdminStats>('/admin/stats', { signal }),
  users: list<'users', AdminUser>('/admin/users'),
  user: (userId: string, signal?: AbortSignal) => api.get<AdminUserDetail>(`/admin/users/${id(userId)}`, { signal }),
  grantBonus: (userId: string, input: AdminBonusGrantInput) =>
    api.post<{ user: AdminUser; reward: AdminReward }>(`/admin/users/${id(userId)}/bonus`, input),
  updateUser: (userId: string, changes: AdminUserUpdate) =>
    api.request<AdminUser>('PATCH', `/admin/users/${id(userId)}`, { body: changes }),
  files: list<'files', AdminFile>('/admin/files'),
  deleteFile: (uploadId: string) => api.delete<{ cid: string }>(`/admin/files/${id(uploadId)}`),
  logs: list<'logs', LogEntry>('/admin/logs'),
  pruneLogs: (input: LogPruneInput) => api.post<{ removed: number }>('/admin/logs/prune', input),
  plans: (signal?: AbortSignal) => api.get<{ plans: AdminPlan[] }>('/admin/plans', { signal }),
  createPlan: (input: PlanCreateInput) => api.post<AdminPlan>('/admin/plans', input),
  updatePlan: (code: string, changes: PlanUpdateInput) => api.request<AdminPlan>('PATCH', `/admin/plans/${id(code)}`, { body: changes }),
  deletePlan: (code: string) => api.delete<void>(`/admin/plans/${id(code)}`),
  tokens: list<'tokens', AdminToken>('/admin/tokens'),
  revokeToken: (tokenId: string) => api.delete<AdminToken>(`/admin/tokens/${id(tokenId)}`),
  referrals: list<'referrals', AdminReferral>('/admin/referrals'),
  rewards: list<'rewards', AdminReward>('/admin/rewards'),
  contentJobs: list<'jobs', AdminContentJob>('/admin/content-jobs'),
  retryContentJob: (jobId: string) =>
    api.post<{ done: boolean; job: AdminContentJob | null }>(`/admin/content-jobs/${id(jobId)}/retry`, {}),
  engineGc: (signal?: AbortSignal) => api.get<AdminEngineGc>('/admin/engine/gc', { signal }),
  startEngineGc: () => api.post<{ run: AdminEngineGcRun }>('/admin/engine/gc', {}),
};
