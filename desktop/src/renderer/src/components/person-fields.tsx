import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../lib/form-errors';
import { CountrySelect } from './country-select';
import { TextField } from './field';

type PersonKey = 'name' | 'lastname' | 'country' | 'birthDate';

interface PersonFieldsProps {
  values: Record<PersonKey, string>;
  errors: FieldErrors;
  set(key: PersonKey): (value: string) => void;
  /** The namespace whose `fields.*` labels the form uses. */
  ns: 'auth' | 'settings';
}

/** First and last name, side by side: the sign-up form and the profile ask them alike. */
export function NameFields({ values, errors, set, ns }: PersonFieldsProps) {
  const { t } = useTranslation(ns);
  return (
    <div className="form-row">
      <TextField
        label={t('fields.name')}
        name="name"
        autoComplete="given-name"
        value={values.name}
        onChange={(e) => set('name')(e.target.value)}
        error={errors.name}
      />
      <TextField
        label={t('fields.lastname')}
        name="lastname"
        autoComplete="family-name"
        value={values.lastname}
        onChange={(e) => set('lastname')(e.target.value)}
        error={errors.lastname}
      />
    </div>
  );
}

/** Country and date of birth, side by side, as the sign-up form and the profile ask them. */
export function CountryAndBirthFields({ values, errors, set, ns }: PersonFieldsProps) {
  const { t } = useTranslation(ns);
  return (
    <div className="form-row">
      <CountrySelect value={values.country} onChange={set('country')} error={errors.country} />
      <TextField
        label={t('fields.birth_date')}
        name="birthDate"
        inputMode="numeric"
        autoComplete="bday"
        placeholder={t('fields.birth_date_placeholder')}
        value={values.birthDate}
        onChange={(e) => set('birthDate')(e.target.value)}
        error={errors.birthDate}
      />
    </div>
  );
}
