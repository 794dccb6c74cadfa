import { PLAN_DESCRIPTION_MAX, PLAN_NAME_MAX, PLAN_TRANSLATION_LANGUAGES } from '@cairn/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/field';
import type { FieldErrors } from '../../../lib/form-errors';
import type { PlanFormValues } from './plan-form';

type EditedLanguage = 'en' | (typeof PLAN_TRANSLATION_LANGUAGES)[number];

interface PlanTextFieldsProps {
  values: PlanFormValues;
  errors: FieldErrors;
  onChange(values: PlanFormValues): void;
}

/**
 * The plan's name and description, one language at a time. English is the plan's own text; the
 * other languages show it as their placeholder, since an empty field falls back to it.
 */
export function PlanTextFields({ values, errors, onChange }: PlanTextFieldsProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [language, setLanguage] = useState<EditedLanguage>('en');
  const english = language === 'en';
  const text = english
    ? { name: values.name, description: values.description }
    : (values.translations[language] ?? { name: '', description: '' });
  const setText = (field: 'name' | 'description', value: string) =>
    onChange(
      english
        ? { ...values, [field]: value }
        : { ...values, translations: { ...values.translations, [language]: { ...text, [field]: value } } },
    );

  return (
    <fieldset className="plan-texts">
      <legend>{t('plans.texts_legend')}</legend>
      <SelectField
        label={t('plans.text_language')}
        name="textLanguage"
        value={language}
        onChange={(e) => setLanguage(e.target.value as EditedLanguage)}
        hint={english ? t('plans.english_hint') : t('plans.translation_hint')}
      >
        <option value="en">{t('plans.language_english', { language: t('common:languages.en') })}</option>
        {PLAN_TRANSLATION_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(
              values.translations[code]?.name || values.translations[code]?.description
                ? 'plans.language_translated'
                : 'plans.language_missing',
              {
                language: t(`common:languages.${code}`),
              },
            )}
          </option>
        ))}
      </SelectField>
      <TextField
        key={`name-${language}`}
        label={t('plans.name')}
        name={english ? 'name' : `name-${language}`}
        lang={language}
        value={text.name}
        placeholder={english ? undefined : values.name}
        onChange={(e) => setText('name', e.target.value)}
        error={english ? errors.name : undefined}
        maxLength={PLAN_NAME_MAX}
      />
      <div className={`field${english && errors.description ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-description`}>{t('plans.description_label')}</label>
        <textarea
          id={`${id}-description`}
          name={english ? 'description' : `description-${language}`}
          lang={language}
          rows={3}
          maxLength={PLAN_DESCRIPTION_MAX}
          value={text.description}
          placeholder={english ? undefined : values.description}
          onChange={(e) => setText('description', e.target.value)}
        />
      </div>
    </fieldset>
  );
}
