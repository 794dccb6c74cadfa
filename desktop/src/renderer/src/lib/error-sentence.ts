import { ApiError, INVALID_JSON, UNEXPECTED_SERVER_ERROR } from './api-client';

/** Codes that say only "something failed on the server": the screen's own message says more. */
const GENERIC_CODES = new Set(['unexpected_error', 'internal_error', 'invalid_json']);

export interface Translator {
  t(key: string, values?: Record<string, string>): string;
  exists(key: string): boolean;
}

/**
 * The sentence a screen shows for an error. A specific API code the UI knows is translated (first
 * in `keys`' order); anything else is the screen's own catalogue entry (`fallbackKey`), followed by
 * the server's own words when it sent some.
 */
export function errorSentence(error: unknown, keys: (code: string) => string[], fallbackKey: string, { t, exists }: Translator): string {
  const fallback = t(fallbackKey);
  if (!(error instanceof ApiError)) return fallback;
  if (!GENERIC_CODES.has(error.code)) {
    const known = keys(error.code).find((key) => exists(key));
    if (known) return t(known);
  }
  const fromServer = error.message && error.message !== UNEXPECTED_SERVER_ERROR && error.message !== INVALID_JSON && error.status !== 0;
  return fromServer ? t('common:errors.with_detail', { message: fallback, detail: error.message }) : fallback;
}
