import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorSentence } from '../lib/error-sentence';

/**
 * Like useErrorText, for a screen with its own namespace: the API's `code` is looked up first in
 * `<namespace>:errors`, then in `common:errors`; else `fallbackKey` (a key of `namespace`), with
 * the server's message when it has one.
 */
export function useAreaErrorText(namespace: string) {
  const { t, i18n } = useTranslation([namespace, 'common']);
  return useCallback(
    (error: unknown, fallbackKey: string): string =>
      errorSentence(error, (code) => [`${namespace}:errors.${code}`, `common:errors.${code}`], `${namespace}:${fallbackKey}`, {
        t: (key, values) => t(key, values),
        exists: (key) => i18n.exists(key),
      }),
    [t, i18n, namespace],
  );
}
