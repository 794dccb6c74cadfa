import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/**
 * Like useErrorText, for a screen with its own namespace: the API's `code` is looked up first in
 * `<namespace>:errors`, then in `common:errors`; else `fallbackKey` (a key of `namespace`).
 */
export function useAreaErrorText(namespace: string) {
  const { t, i18n } = useTranslation([namespace, 'common']);
  return useCallback(
    (error: unknown, fallbackKey: string): string => {
      if (error instanceof ApiError) {
        for (const key of [`${namespace}:errors.${error.code}`, `common:errors.${error.code}`]) {
          if (i18n.exists(key)) return t(key);
        }
      }
      return t(`${namespace}:${fallbackKey}`);
    },
    [t, i18n, namespace],
  );
}
