import type { LanguageCode, PasswordChangeInput, ProfileUpdateInput, SignupInput, TokenGenerateInput } from '@cairn/shared';
import { api } from './client';
import type { ApiToken, Country, GeneratedToken, LanguageOption, LoginResult, Preferences, User } from './types';

export const authApi = {
  login: (email: string, password: string) => api.post<LoginResult>('/auth/login', { email, password }, { auth: false }),
  signup: (input: SignupInput) => api.post<{ user: User }>('/auth/signup', input, { auth: false }),
  logout: () => api.post<void>('/auth/logout'),
};

export const userApi = {
  me: (signal?: AbortSignal) => api.get<User>('/users/me', { signal }),
  update: (input: ProfileUpdateInput) => api.put<User>('/users/me', input),
  changePassword: (input: PasswordChangeInput) => api.put<void>('/users/me/password', input),
  preferences: () => api.get<Preferences>('/users/me/preferences'),
  /** The address the server sees this browser at (what an IP-restricted token is checked against). */
  myIp: () => api.get<{ ip: string }>('/users/me/ip'),
  savePreferences: (input: Preferences) => api.put<Preferences>('/users/me/preferences', input),
};

export const localeApi = {
  languages: (signal?: AbortSignal) => api.get<{ languages: LanguageOption[] }>('/locales/languages', { auth: false, signal }),
  countries: (lang: LanguageCode, signal?: AbortSignal) =>
    api.get<{ language: LanguageCode; countries: Country[] }>('/locales/countries', { auth: false, query: { lang }, signal }),
};

export const tokenApi = {
  list: (signal?: AbortSignal) => api.get<{ tokens: ApiToken[] }>('/tokens', { signal }),
  generate: (input: TokenGenerateInput) => api.post<GeneratedToken>('/tokens/generate', input),
  revoke: (id: string) => api.delete<ApiToken>(`/tokens/${encodeURIComponent(id)}`),
  removeRevoked: () => api.delete<{ removed: number }>('/tokens/revoked'),
};
