import { SUPPORTED_LANGUAGES, type LanguageCode } from '@cairn/shared';

const SUPPORTED = new Set<string>(SUPPORTED_LANGUAGES);

/** The best supported language of an Accept-Language header (`de-CH;q=0.9` counts as `de`); null when none is. */
export function acceptedLanguage(header: string | undefined): LanguageCode | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { code: range.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && SUPPORTED.has(entry.code))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.code as LanguageCode | undefined) ?? null;
}

/**
 * The language to answer a caller in: the account's chosen language, else the request's
 * Accept-Language, else English.
 */
export function callerLanguage(user: { language: string } | undefined, acceptLanguage: string | undefined): LanguageCode {
  if (user && SUPPORTED.has(user.language)) return user.language as LanguageCode;
  return acceptedLanguage(acceptLanguage) ?? 'en';
}
