import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * One schema for SQLite and PostgreSQL. Timestamps are ISO-8601 UTC strings (they sort and compare
 * as text on both), booleans are 0/1 integers, byte counts are 64-bit integers read as numbers.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  lastname: string;
  country: string;
  birth_date: string;
  language: string;
  role: 'user' | 'admin';
  status: 'active' | 'inactive';
  referral_code: string;
  referred_by: string | null;
  created_at: string;
  updated_at: string;
  last_active_at: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  prefix: string;
  allowed_ip: string | null;
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
}

export interface LogsTable {
  id: string;
  type: 'info' | 'warning' | 'critical';
  action: string;
  user_id: string | null;
  user_email: string | null;
  details: string | null;
  ip: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  logs: LogsTable;
  rate_limits: RateLimitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type LogRow = Selectable<LogsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type { Generated };
