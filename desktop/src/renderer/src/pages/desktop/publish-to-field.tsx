import { useTranslation } from 'react-i18next';
import type { PublishTarget } from '../../../../shared/desktop-bridge';
import type { AccountNames } from './use-account-names';

interface PublishToFieldProps {
  id: string;
  value: PublishTarget | null;
  names: AccountNames;
  onChange(value: PublishTarget | null): void;
}

/** Chooses which of the account's IPNS names a watched folder is published to, or none. */
export function PublishToField({ id, value, names, onChange }: PublishToFieldProps) {
  const { t } = useTranslation('desktop');
  const options = names.names.map((name) => ({ nameId: name.id, name: name.name, label: `${name.label} (${name.name})` }));
  // The folder's name stays choosable while the list loads, fails, or no longer holds it.
  if (value && !options.some((option) => option.nameId === value.nameId)) options.unshift({ ...value, label: value.name });
  const hintId = `${id}-hint`;
  return (
    <div className="watched-publish">
      <label className="field-label" htmlFor={id}>
        {t('watched.publish_to')}
      </label>
      <select
        id={id}
        aria-describedby={hintId}
        value={value?.nameId ?? ''}
        onChange={(event) => {
          const chosen = options.find((option) => option.nameId === event.target.value);
          onChange(chosen ? { nameId: chosen.nameId, name: chosen.name } : null);
        }}
      >
        <option value="">{t('watched.publish_none')}</option>
        {options.map((option) => (
          <option key={option.nameId} value={option.nameId}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={hintId} className="field-hint">
        {t('watched.publish_hint')}
      </p>
      {names.failed && (
        <p className="alert alert-error" role="alert">
          {t('watched.names_failed')}
        </p>
      )}
    </div>
  );
}
