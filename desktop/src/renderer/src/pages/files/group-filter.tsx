import { useTranslation } from 'react-i18next';
import { groupsApi } from '../../api/content';
import { useAsync } from '../../hooks/use-async';

/** Shows the files of one group, or all files. Lists the first 100 groups by name. */
export function GroupFilter({ group, onGroup }: { group: string; onGroup(group: string): void }) {
  const { t } = useTranslation('content');
  const { state } = useAsync((signal) => groupsApi.list({ limit: 100 }, signal), []);
  const groups = state.status === 'ready' ? state.data.groups : [];
  // A group given by the address is kept as an option while the list loads (or if it is not among the first 100).
  const known = group === '' || groups.some((g) => g.id === group);
  if (state.status === 'ready' && groups.length === 0 && !group) return null;
  return (
    <label className="page-size group-filter">
      <span>{t('groups.filter')}</span>
      <select value={group} onChange={(event) => onGroup(event.target.value)}>
        <option value="">{t('groups.filter_all')}</option>
        {!known && <option value={group}>{t('groups.filter_this')}</option>}
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </label>
  );
}
