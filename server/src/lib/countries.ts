import countries from 'i18n-iso-countries';
import type { LanguageCode } from '@cairn/shared';
import { badRequest } from './errors';
import ca from 'i18n-iso-countries/langs/ca.json' with { type: 'json' };
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import eu from 'i18n-iso-countries/langs/eu.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import uk from 'i18n-iso-countries/langs/uk.json' with { type: 'json' };

for (const locale of [ca, de, en, es, eu, fr, it, pt, ru, uk]) countries.registerLocale(locale);

const cache = new Map<LanguageCode, { code: string; name: string }[]>();

/** Every ISO 3166-1 country, named in `lang` and sorted by that language's collation. */
export function countryList(lang: LanguageCode): { code: string; name: string }[] {
  const cached = cache.get(lang);
  if (cached) return cached;
  const names = countries.getNames(lang, { select: 'official' });
  const collator = new Intl.Collator(lang);
  const list = Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(lang, list);
  return list;
}

/** Refuses a two-letter code that is not an ISO 3166-1 country. */
export function assertKnownCountry(code: string): void {
  if (!countries.isValid(code)) {
    const message = 'Country must be a two-letter ISO 3166-1 code';
    throw badRequest('validation_error', message, [{ path: 'country', message }]);
  }
}
