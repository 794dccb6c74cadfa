import type { LanguageCode, PasswordChangeInput, ProfileUpdateInput, SignupInput, TokenGenerateInput } from '@cairn/shared';
import type {
  ApiToken,
  ApiTokenCreated,
  CountryList,
  JsonResponseOf,
  LanguageList,
  LoginResult,
  Preferences,
  SignupResult,
  TokenList,
  TwoFactorEnrolment,
  TwoFactorRecoveryCodes,
  TwoFactorStatus,
  User,
} from '@cairn/shared/api-types';
import { api } from './client';

export const authApi = {
  /** A session, or for a two-factor account a challenge that `loginTwoFactor` finishes with a code. */
  login: (email: string, password: string) => api.post<JsonResponseOf<'login', 200>>('/auth/login', { email, password }, { auth: false }),
  loginTwoFactor: (challenge: string, code: string) =>
    api.post<LoginResult>('/auth/login/two-factor', { challenge, code }, { auth: false }),
  signup: (input: SignupInput) => api.post<SignupResult>('/auth/signup', input, { auth: false }),
  logout: () => api.post<void>('/auth/logout'),
};

export const userApi = {
  me: (signal?: AbortSignal) => api.get<User>('/users/me', { signal }),
  update: (input: ProfileUpdateInput) => api.put<User>('/users/me', input),
  changePassword: (input: PasswordChangeInput) => api.put<void>('/users/me/password', input),
  preferences: () => api.get<Preferences>('/users/me/preferences'),
  /** The address the server sees this browser at (what an IP-restricted token is checked against). */
  myIp: () => api.get<JsonResponseOf<'getMyIp', 200>>('/users/me/ip'),
  savePreferences: (input: Preferences) => api.put<Preferences>('/users/me/preferences', input),
};

export const twoFactorApi = {
  status: (signal?: AbortSignal) => api.get<TwoFactorStatus>('/users/me/two-factor', { signal }),
  start: () => api.post<TwoFactorEnrolment>('/users/me/two-factor/enrolment'),
  confirm: (code: string) => api.post<TwoFactorRecoveryCodes>('/users/me/two-factor/confirm', { code }),
  disable: (code: string) => api.post<void>('/users/me/two-factor/disable', { code }),
};

export const localeApi = {
  languages: (signal?: AbortSignal) => api.get<LanguageList>('/locales/languages', { auth: false, signal }),
  countries: (lang: LanguageCode, signal?: AbortSignal) =>
    api.get<CountryList>('/locales/countries', { auth: false, query: { lang }, signal }),
};

export const tokenApi = {
  list: (signal?: AbortSignal) => api.get<TokenList>('/tokens', { signal }),
  generate: (input: TokenGenerateInput) => api.post<ApiTokenCreated>('/tokens/generate', input),
  revoke: (id: string) => api.delete<ApiToken>(`/tokens/${encodeURIComponent(id)}`),
  removeRevoked: () => api.delete<JsonResponseOf<'deleteRevokedTokens', 200>>('/tokens/revoked'),
};
