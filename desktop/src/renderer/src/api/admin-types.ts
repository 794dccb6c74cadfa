/** Wire shapes of the admin API under /api/v2/admin (openapi.yaml is the source of truth). */
import type { ContentJobStatus, UserStatus } from '@cairn/shared';
import type { Plan } from './billing-types';

export interface Paged {
  total: number;
  page: number;
  limit: number;
}

export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
}

export const INCOME_PERIODS = ['24h', '7d', '15d', '30d', '3m', '6m', '1y', 'all'] as const;
export type IncomePeriod = (typeof INCOME_PERIODS)[number];

export interface DailyFigures {
  /** YYYY-MM-DD (UTC). */
  date: string;
  signups: number;
  uploads: number;
  incomeEur: number;
}

export interface TopReferrer {
  userId: string;
  email: string;
  referrals: number;
  earnedMb: number;
}

export interface AdminStats {
  users: number;
  activeUsers: number;
  files: number;
  storedBytes: number;
  pins: number;
  income: Record<IncomePeriod, number>;
  topReferrers: TopReferrer[];
  daily: DailyFigures[];
}

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  lastname: string;
  role: 'user' | 'admin';
  status: UserStatus;
  planCode: string;
  storageUsed: number;
  storageLimit: number;
  bonusBytes: number;
  createdAt: string;
  lastActiveAt: string | null;
}

export interface AdminUserUpdate {
  status?: AdminUser['status'];
  role?: AdminUser['role'];
  planCode?: string;
}

export interface AdminFile {
  uploadId: string;
  name: string;
  cid: string;
  size: number;
  type: 'file' | 'directory' | 'dag';
  category: string;
  source: 'upload' | 'pin';
  createdAt: string;
  userId: string;
  userEmail: string;
}

export type LogType = 'info' | 'warning' | 'critical';

export interface LogEntry {
  id: string;
  type: LogType;
  action: string;
  userId: string | null;
  userEmail: string | null;
  ip: string | null;
  message: string | null;
  createdAt: string;
}

export interface LogQuery extends Omit<ListQuery, 'search'> {
  type?: LogType;
  action?: string;
  userId?: string;
  /** Part of the account's email. */
  user?: string;
  from?: string;
  to?: string;
}

/** A plan as the console sees it: with how many accounts hold it. */
/** A plan's name and description in one language; empty falls back to English. */
export interface PlanText {
  name: string;
  description: string;
}

export interface AdminPlan extends Plan {
  usersCount: number;
  /** By language code, for the languages other than English that have a translation. */
  translations: Record<string, PlanText>;
}

export interface AdminToken {
  id: string;
  name: string;
  prefix: string;
  userId: string;
  userEmail: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
  allowedIps: string[];
  status: 'active' | 'expired' | 'revoked';
}

/** One job of the content engine's outbox (today: release a CID nothing references). */
export interface AdminContentJob {
  id: string;
  kind: 'release';
  cid: string;
  status: ContentJobStatus;
  attempts: number;
  lastError: string | null;
  /** When it runs next; null for a failed job, which waits for an administrator. */
  runAfter: string | null;
  /** The claim of an upload still streaming: it runs only if that upload fails. */
  waitsForUpload: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One garbage collection of the content engine's nodes. */
export interface AdminEngineGcRun {
  id: string;
  instanceId: string;
  trigger: 'schedule' | 'admin';
  status: 'running' | 'done' | 'busy' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  /** Summed over every Kubo node; null unless `done`. */
  blocksRemoved: number | null;
  error: string | null;
}

/** The engine's garbage collection: its schedule, whether one runs now, the last runs. */
export interface AdminEngineGc {
  engine: 'embedded' | 'kubo' | 'cluster';
  /** False on the embedded engine, which removes blocks as content is deleted. */
  supported: boolean;
  /** 0: none on a schedule. */
  intervalHours: number;
  running: boolean;
  nextRunAt: string | null;
  runs: AdminEngineGcRun[];
}

export interface ContentJobQuery extends Omit<ListQuery, 'search'> {
  status?: ContentJobStatus;
}

export interface AdminReferral {
  referrerId: string;
  referrerEmail: string;
  referredId: string;
  referredEmail: string;
  joinedAt: string;
  lastActivityAt: string | null;
  earnedMb: number;
  hasPaidPlan: boolean;
  active: boolean;
}

export interface AdminReward {
  id: string;
  userId: string;
  userEmail: string;
  /** Negative for a revocation. */
  bytes: number;
  reason: string;
  sourceUserId: string | null;
  sourceEmail: string | null;
  createdAt: string;
}

/** The newest rows of one of an account's lists, and how many there are in all. */
export interface DetailList<T> {
  items: T[];
  total: number;
}

/** One account in full, as its admin page shows it. */
export interface AdminUserDetail {
  user: AdminUser & {
    country: string;
    language: string;
    referralCode: string;
    referredBy: { id: string; email: string } | null;
    filesCount: number;
  };
  plan: Plan;
  files: DetailList<AdminFile>;
  tokens: DetailList<AdminToken>;
  referrals: DetailList<AdminReferral>;
  rewards: DetailList<AdminReward>;
  logs: DetailList<LogEntry>;
}
