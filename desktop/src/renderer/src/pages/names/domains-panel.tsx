import type { Domain, Name } from '@cairn/shared/api-types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { domainsApi } from '../../api/domains';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCopyText } from '../../components/copy-button';
import { Icon } from '../../components/icons';
import { SettingsPanel } from '../../components/settings-panel';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { DomainAddDialog } from './domain-add-dialog';
import { DomainRecordDialog } from './domain-record';
import { DomainsTable, type DomainAction } from './domains-table';

/**
 * The account's custom domains, under its names: add one (`adding` holds the target to start
 * from, '' for none, null when the dialog is closed), see the DNS record it needs, verify it now,
 * open it once verified, remove it.
 */
export function DomainsPanel({ names, adding, onAdding }: { names: Name[]; adding: string | null; onAdding(target: string | null): void }) {
  const { t } = useTranslation('names');
  const errorText = useAreaErrorText('names');
  const copy = useCopyText();
  const { state, reload, setData } = useAsync((signal) => domainsApi.list(signal).then((body) => body.domains), []);
  const domains = state.status === 'ready' ? state.data : [];
  const [open, setOpen] = useState<{ action: 'show_record' | 'delete'; domain: Domain } | null>(null);
  const [busy, setBusy] = useState(false);

  const replace = (saved: Domain) =>
    setData(domains.some((row) => row.id === saved.id) ? domains.map((row) => (row.id === saved.id ? saved : row)) : [...domains, saved]);

  const verify = async (domain: Domain) => {
    const waiting = toast.loading(t('domains.verifying', { hostname: domain.hostname }));
    try {
      const checked = await domainsApi.verify(domain.id);
      replace(checked);
      toast.dismiss(waiting);
      if (checked.status === 'verified') toast.success(t('domains.verified', { hostname: checked.hostname }));
      else toast.error(t('domains.not_verified', { hostname: checked.hostname }));
    } catch (error) {
      toast.dismiss(waiting);
      toast.error(errorText(error, 'domains.errors.verify'));
    }
  };

  const remove = async (domain: Domain) => {
    setBusy(true);
    try {
      await domainsApi.remove(domain.id);
      setData(domains.filter((row) => row.id !== domain.id));
      toast.success(t('domains.deleted', { hostname: domain.hostname }));
      setOpen(null);
    } catch (error) {
      toast.error(errorText(error, 'domains.errors.delete'));
    } finally {
      setBusy(false);
    }
  };

  const act = (action: DomainAction, domain: Domain) => {
    if (action === 'verify') void verify(domain);
    else if (action === 'copy_value') void copy(domain.dnslinkRecord.value);
    else setOpen({ action, domain });
  };

  return (
    <SettingsPanel
      name="domains"
      title={t('domains.title')}
      description={t('domains.description')}
      standalone={false}
      actions={
        <button type="button" className="btn btn-primary" onClick={() => onAdding('')}>
          <Icon name="globe" size={16} />
          <span>{t('domains.add')}</span>
        </button>
      }
    >
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'domains.errors.load')} onRetry={reload} />}
      {state.status === 'ready' && domains.length === 0 && (
        <EmptyState title={t('domains.empty_title')} message={t('domains.empty_message')} icon="globe" />
      )}
      {state.status === 'ready' && domains.length > 0 && <DomainsTable domains={domains} names={names} onAction={act} />}
      {adding !== null && <DomainAddDialog names={names} target={adding || undefined} onClose={() => onAdding(null)} onAdded={replace} />}
      {open?.action === 'show_record' && <DomainRecordDialog domain={open.domain} onClose={() => setOpen(null)} />}
      {open?.action === 'delete' && (
        <ConfirmDialog
          title={t('domains.delete_title')}
          message={t('domains.delete_message', { hostname: open.domain.hostname })}
          confirmLabel={t('domains.delete')}
          danger
          busy={busy}
          onConfirm={() => void remove(open.domain)}
          onCancel={() => setOpen(null)}
        />
      )}
    </SettingsPanel>
  );
}
