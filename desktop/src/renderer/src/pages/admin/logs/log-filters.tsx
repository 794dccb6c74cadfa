import { adminLogQuerySchema, LOG_TYPES } from '@cairn/shared';
import { auditActionValues } from '@cairn/shared/api-types';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/field';
import { fieldErrors, type FieldErrors } from '../../../lib/form-errors';

export const LOG_FILTERS = ['type', 'action', 'userId', 'user', 'from', 'to'] as const;
export type LogFilterValues = Record<(typeof LOG_FILTERS)[number], string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user field takes an email, part of one, or an account ID: an ID filters by account, anything else by email. */
export function userFilter(text: string): Pick<LogFilterValues, 'userId' | 'user'> {
  const trimmed = text.trim();
  return UUID.test(trimmed) ? { userId: trimmed, user: '' } : { userId: '', user: trimmed };
}

/** Severity, action, account and date range; applied together, checked with the API's own rules. */
export function LogFilters({ value, onApply }: { value: LogFilterValues; onApply(filters: LogFilterValues): void }) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState(value);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => setForm(value), [value]);
  const set = (key: keyof LogFilterValues) => (next: string) => setForm((previous) => ({ ...previous, [key]: next }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...form, ...userFilter(form.user || form.userId) };
    const input = Object.fromEntries(Object.entries(next).filter(([, text]) => text.trim() !== ''));
    const parsed = adminLogQuerySchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, input));
      return;
    }
    if (form.from && form.to && form.from > form.to) {
      setErrors({ to: { key: 'admin:logs.range_invalid' } });
      return;
    }
    setErrors({});
    onApply(next);
  };
  const clear = () => {
    const empty = { type: '', action: '', userId: '', user: '', from: '', to: '' };
    setErrors({});
    setForm(empty);
    onApply(empty);
  };

  return (
    <form className="log-filters" onSubmit={submit} noValidate aria-label={t('logs.filters')}>
      <SelectField label={t('logs.type')} name="type" value={form.type} onChange={(e) => set('type')(e.target.value)}>
        <option value="">{t('logs.any_type')}</option>
        {LOG_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`logs.type_${type}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('logs.action')} name="action" value={form.action} onChange={(e) => set('action')(e.target.value)}>
        <option value="">{t('logs.any_action')}</option>
        {auditActionValues.map((action) => (
          <option key={action} value={action}>
            {t(`logs.action_${action}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('logs.user')}
        name="user"
        value={form.user || form.userId}
        onChange={(e) => setForm((previous) => ({ ...previous, user: e.target.value, userId: '' }))}
        error={errors.user ?? errors.userId}
        placeholder={t('logs.user_placeholder')}
        spellCheck={false}
        autoComplete="off"
      />
      <TextField
        label={t('logs.from')}
        name="from"
        type="date"
        value={form.from}
        onChange={(e) => set('from')(e.target.value)}
        error={errors.from}
      />
      <TextField label={t('logs.to')} name="to" type="date" value={form.to} onChange={(e) => set('to')(e.target.value)} error={errors.to} />
      <div className="log-filter-actions">
        <button type="submit" className="btn btn-primary">
          {t('logs.apply')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={clear}>
          {t('logs.clear')}
        </button>
      </div>
    </form>
  );
}
