import { useTranslation } from 'react-i18next';
import { groupsApi } from '../../api/content';
import { SelectField } from '../../components/field';
import { useAsync } from '../../hooks/use-async';

interface Props {
  /** The group's id, or '' for the whole account. */
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
}

/**
 * "Limit to one group": none (the whole account, the default) or one of the account's groups, of
 * which the first 100 by name are offered. Without groups there is nothing to choose: no field.
 */
export function TokenGroupField({ value, onChange, disabled }: Props) {
  const { t } = useTranslation('settings');
  const { state } = useAsync((signal) => groupsApi.list({ limit: 100 }, signal), []);
  const groups = state.status === 'ready' ? state.data.groups : [];
  if (state.status !== 'ready' || groups.length === 0) return null;
  return (
    <SelectField
      label={t('tokens.group')}
      name="groupId"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={t('tokens.group_hint')}
      disabled={disabled}
    >
      <option value="">{t('tokens.group_none')}</option>
      {groups.map((group) => (
        <option key={group.id} value={group.id}>
          {group.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Where a token reaches, as the token lists show it under its access: its group, if limited to one. */
export function useTokenGroupText(): (token: { groupId: string | null; groupName: string | null }) => string | null {
  const { t } = useTranslation('settings');
  return ({ groupId, groupName }) =>
    groupId === null ? null : groupName === null ? t('tokens.group_gone') : t('tokens.limited_to', { name: groupName });
}
