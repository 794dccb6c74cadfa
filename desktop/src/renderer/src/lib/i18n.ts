import { SUPPORTED_LANGUAGES, type LanguageCode } from '@cairn/shared';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, languageCookie, readCookie, supportedLanguage } from './language';

export const NAMESPACES = ['common', 'auth', 'settings', 'docs', 'billing', 'content', 'bandwidth'] as const;

// Each <lng>/<ns>.json becomes its own small chunk, fetched only when that language is used.
const bundles = import.meta.glob<Record<string, unknown>>('../../../../../shared/src/locales/*/*.json', { import: 'default' });

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = bundles[`../../../../../shared/src/locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No translations for ${language}/${namespace}`), false);
    load().then(
      (data) => callback(null, data as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Starts i18next on the detected language; resolves once its translations are loaded. */
export async function initI18n(): Promise<typeof i18next> {
  const language = detectLanguage({
    cookie: readCookie(document.cookie, LANGUAGE_COOKIE),
    stored: safeStorage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null,
    browser: navigator.languages ?? [navigator.language],
  });
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false, bindI18n: 'languageChanged loaded' },
    });
  return i18next;
}

export function currentLanguage(): LanguageCode {
  return supportedLanguage(i18next.resolvedLanguage ?? i18next.language) ?? 'en';
}

/** Switches the UI language and remembers it in the cookie (and locally, for the desktop app). */
export async function applyLanguage(language: string): Promise<void> {
  const code = supportedLanguage(language);
  if (!code) return;
  document.cookie = languageCookie(code);
  safeStorage()?.setItem(LANGUAGE_STORAGE_KEY, code);
  if (currentLanguage() !== code) await i18next.changeLanguage(code);
}
