import { LANGUAGES } from '@cairn/shared';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../lib/form-errors';
import { SelectField } from './field';

/** The ten interface languages, each in its own name. */
export function LanguageSelect({ value, onChange, error }: { value: string; onChange(value: string): void; error?: FieldErrors[string] }) {
  const { t } = useTranslation('common');
  return (
    <SelectField
      label={t('fields.language')}
      name="language"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    >
      {LANGUAGES.map((option) => (
        <option key={option.code} value={option.code} lang={option.code}>
          {option.native}
        </option>
      ))}
    </SelectField>
  );
}
