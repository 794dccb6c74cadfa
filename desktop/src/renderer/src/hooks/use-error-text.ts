import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorSentence } from '../lib/error-sentence';

/**
 * Turns any error into a sentence in the current language: the API's `code` when we know it,
 * else `fallbackKey` (the screen's own catalogue entry, e.g. 'errors.load_tokens'), with the
 * server's message when it has one.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('common');
  return useCallback(
    (error: unknown, fallbackKey = 'errors.unexpected_error'): string =>
      errorSentence(error, (code) => [`common:errors.${code}`], fallbackKey.includes(':') ? fallbackKey : `common:${fallbackKey}`, {
        t: (key, values) => t(key, values),
        exists: (key) => i18n.exists(key),
      }),
    [t, i18n],
  );
}
