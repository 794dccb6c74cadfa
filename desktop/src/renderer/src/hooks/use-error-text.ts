import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/**
 * Turns any error into a sentence in the current language: the API's `code` when we know it,
 * else `fallbackKey` (the screen's own catalogue entry, e.g. 'errors.load_tokens').
 */
export function useErrorText() {
  const { t } = useTranslation('common');
  return useCallback(
    (error: unknown, fallbackKey = 'errors.unexpected_error'): string => {
      const fallback = t(fallbackKey);
      if (error instanceof ApiError) return t(`errors.${error.code}`, { defaultValue: fallback });
      return fallback;
    },
    [t],
  );
}
