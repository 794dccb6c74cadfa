import { useTranslation } from 'react-i18next';
import { useCountries } from '../hooks/use-countries';
import { currentLanguage } from '../lib/i18n';
import type { FieldErrors } from '../lib/form-errors';
import { SelectField } from './field';

/** Country picker fed by /locales/countries in the current language. */
export function CountrySelect({
  value,
  onChange,
  error,
  name = 'country',
}: {
  value: string;
  onChange(value: string): void;
  error?: FieldErrors[string];
  name?: string;
}) {
  const { t } = useTranslation('common');
  const { state } = useCountries(currentLanguage());
  const hint = state.status === 'error' ? t('errors.countries_load') : undefined;
  return (
    <SelectField
      label={t('fields.country')}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
      disabled={state.status === 'loading'}
    >
      <option value="">{state.status === 'loading' ? t('states.loading') : t('fields.country_placeholder')}</option>
      {state.status === 'ready' &&
        state.data.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      {state.status !== 'ready' && value && <option value={value}>{value}</option>}
    </SelectField>
  );
}
