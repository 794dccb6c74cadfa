import type { LanguageCode } from '@cairn/shared';
import type { Country } from '@cairn/shared/api-types';
import { localeApi } from '../api/endpoints';
import { useAsync } from './use-async';

const cache = new Map<LanguageCode, Promise<Country[]>>();

/** The country list in the UI language, fetched once per language. */
export function useCountries(language: LanguageCode) {
  return useAsync(() => {
    let pending = cache.get(language);
    if (!pending) {
      pending = localeApi.countries(language).then((body) => body.countries);
      pending.catch(() => cache.delete(language));
      cache.set(language, pending);
    }
    return pending;
  }, [language]);
}
