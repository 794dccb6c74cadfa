import countries from 'i18n-iso-countries';
import { badRequest } from '../lib/errors';

/** Refuses a two-letter code that is not an ISO 3166-1 country. */
export function assertKnownCountry(code: string): void {
  if (!countries.isValid(code)) {
    const message = 'Country must be a two-letter ISO 3166-1 code';
    throw badRequest('validation_error', message, [{ path: 'country', message }]);
  }
}
