import { LANGUAGE_COOKIE_DAYS, SUPPORTED_LANGUAGES, type LanguageCode } from '@cairn/shared';

export const LANGUAGE_COOKIE = 'cairn_lang';
export const LANGUAGE_STORAGE_KEY = 'cairn:language';

/** Maps `pt-BR`, `UK`, `es_ES` to a supported code, or null. */
export function supportedLanguage(raw: string | null | undefined): LanguageCode | null {
  if (!raw) return null;
  const base = raw.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base) ? (base as LanguageCode) : null;
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The cookie that remembers the language: 365 days, Secure, SameSite=Strict (spec section 4). */
export function languageCookie(language: LanguageCode): string {
  return `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_DAYS * 24 * 3600}; Path=/; Secure; SameSite=Strict`;
}

export interface LanguageSources {
  cookie: string | null;
  stored: string | null;
  browser: readonly string[];
}

/** Cookie first, then the locally stored choice, then the first supported browser language, else en. */
export function detectLanguage(sources: LanguageSources): LanguageCode {
  return (
    supportedLanguage(sources.cookie) ??
    supportedLanguage(sources.stored) ??
    sources.browser.map(supportedLanguage).find((code): code is LanguageCode => code !== null) ??
    'en'
  );
}
