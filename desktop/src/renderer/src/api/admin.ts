import type { AdminBonusGrantInput, LogPruneInput, PlanCreateInput, PlanUpdateInput } from '@cairn/shared';
import type {
  AdminBonusGrant,
  AdminContentJobRetry,
  AdminEngineGc,
  AdminPlan,
  AdminPlanList,
  AdminSettings,
  AdminSettingsUpdateRequest,
  AdminStats,
  AdminToken,
  AdminUser,
  AdminUserDetail,
  AdminUserUpdateRequest,
  JsonResponseOf,
  LogPruneResult,
  QueryOf,
  RemoveResult,
} from '@cairn/shared/api-types';
import { api } from './client';

type Query = Record<string, string | number | undefined>;
type ListOperation =
  | 'adminListUsers'
  | 'adminListFiles'
  | 'adminListLogs'
  | 'adminListTokens'
  | 'adminListReferrals'
  | 'adminListRewards'
  | 'adminListContentJobs';
/** One page of an admin list: its filters and its answer are those of its operation in openapi.yaml. */
const list =
  <Id extends ListOperation>(path: string) =>
  (query: QueryOf<Id>, signal?: AbortSignal) =>
    api.get<JsonResponseOf<Id, 200>>(path, { query: { ...query } as Query, signal });
const id = (value: string) => encodeURIComponent(value);

/** The admin API. Imported by the admin area only, so it ships in that chunk. */
export const adminApi = {
  stats: (signal?: AbortSignal) => api.get<AdminStats>('/admin/stats', { signal }),
  settings: (signal?: AbortSignal) => api.get<AdminSettings>('/admin/settings', { signal }),
  updateSettings: (changes: AdminSettingsUpdateRequest) => api.request<AdminSettings>('PATCH', '/admin/settings', { body: changes }),
  users: list<'adminListUsers'>('/admin/users'),
  user: (userId: string, signal?: AbortSignal) => api.get<AdminUserDetail>(`/admin/users/${id(userId)}`, { signal }),
  grantBonus: (userId: string, input: AdminBonusGrantInput) => api.post<AdminBonusGrant>(`/admin/users/${id(userId)}/bonus`, input),
  updateUser: (userId: string, changes: AdminUserUpdateRequest) =>
    api.request<AdminUser>('PATCH', `/admin/users/${id(userId)}`, { body: changes }),
  files: list<'adminListFiles'>('/admin/files'),
  deleteFile: (uploadId: string) => api.delete<RemoveResult>(`/admin/files/${id(uploadId)}`),
  logs: list<'adminListLogs'>('/admin/logs'),
  pruneLogs: (input: LogPruneInput) => api.post<LogPruneResult>('/admin/logs/prune', input),
  plans: (signal?: AbortSignal) => api.get<AdminPlanList>('/admin/plans', { signal }),
  createPlan: (input: PlanCreateInput) => api.post<AdminPlan>('/admin/plans', input),
  updatePlan: (code: string, changes: PlanUpdateInput) => api.request<AdminPlan>('PATCH', `/admin/plans/${id(code)}`, { body: changes }),
  deletePlan: (code: string) => api.delete<void>(`/admin/plans/${id(code)}`),
  tokens: list<'adminListTokens'>('/admin/tokens'),
  revokeToken: (tokenId: string) => api.delete<AdminToken>(`/admin/tokens/${id(tokenId)}`),
  referrals: list<'adminListReferrals'>('/admin/referrals'),
  rewards: list<'adminListRewards'>('/admin/rewards'),
  contentJobs: list<'adminListContentJobs'>('/admin/content-jobs'),
  retryContentJob: (jobId: string) => api.post<AdminContentJobRetry>(`/admin/content-jobs/${id(jobId)}/retry`, {}),
  engineGc: (signal?: AbortSignal) => api.get<AdminEngineGc>('/admin/engine/gc', { signal }),
  startEngineGc: () => api.post<JsonResponseOf<'adminStartEngineGc', 202>>('/admin/engine/gc', {}),
};
