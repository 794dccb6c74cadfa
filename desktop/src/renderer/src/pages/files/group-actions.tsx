import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Upload } from '@cairn/shared/api-types';
import { groupsApi } from '../../api/content';
import { Icon } from '../../components/icons';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';

/**
 * Ticked records into a group (chosen from the account's first 100), and, while one group is
 * shown, out of it. Records already in the group stay as they are.
 */
export function GroupActions({ uploads, group, onChanged }: { uploads: Upload[]; group: string; onChanged(): void }) {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const { state } = useAsync((signal) => groupsApi.list({ limit: 100 }, signal), []);
  const [busy, setBusy] = useState(false);
  const groups = state.status === 'ready' ? state.data.groups : [];
  const uploadIds = uploads.map((upload) => upload.uploadId);

  const add = async (groupId: string) => {
    const target = groups.find((g) => g.id === groupId);
    if (!target) return;
    setBusy(true);
    try {
      const { added } = await groupsApi.add(groupId, uploadIds);
      toast.success(t('groups.added', { n: added, name: target.name }));
      onChanged();
    } catch (error) {
      toast.error(errorText(error, 'groups.save_failed'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const { removed } = await groupsApi.removeFrom(group, uploadIds);
      toast.success(t('groups.removed', { n: removed }));
      onChanged();
    } catch (error) {
      toast.error(errorText(error, 'groups.save_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {groups.length > 0 && (
        <select
          className="group-add"
          value=""
          aria-label={t('groups.add_selected')}
          disabled={busy}
          onChange={(event) => void add(event.target.value)}
        >
          <option value="">{t('groups.add_selected')}</option>
          {groups
            .filter((g) => g.id !== group)
            .map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
        </select>
      )}
      {group && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void remove()} disabled={busy}>
          <Icon name="close" size={16} />
          <span>{t('groups.remove_selected')}</span>
        </button>
      )}
    </>
  );
}
