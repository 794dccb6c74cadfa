import type { LanguageCode, LanguageOption } from '@cairn/shared';

/** Wire shapes of the account API (openapi.yaml is the source of truth). */
export interface User {
  id: string;
  email: string;
  name: string;
  lastname: string;
  country: string;
  birthDate: string;
  language: LanguageCode;
  role: 'user' | 'admin';
  status: 'active' | 'inactive';
  referralCode: string;
  createdAt: string;
}

export interface LoginResult {
  token: string;
  expiresAt: string;
}

export interface Preferences {
  language: LanguageCode;
  country: string;
}

export interface Country {
  code: string;
  name: string;
}

export interface ApiToken {
  id: string;
  name: string;
  prefix: string;
  allowedIp: string | null;
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
}

export interface GeneratedToken extends ApiToken {
  /** The secret, shown once. */
  token: string;
}

export type { LanguageOption };
