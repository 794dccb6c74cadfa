import { nameCreateSchema } from '@cairn/shared';
import type { Name } from '@cairn/shared/api-types';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { namesApi } from '../../api/names';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/field';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { nameTarget } from '../../lib/domain-links';
import { DomainsPanel } from './domains-panel';
import { NameHistoryDialog } from './name-history-dialog';
import { NameKeyDialog } from './name-key-dialog';
import { NamePublishDialog } from './name-publish-dialog';
import { NameRenameDialog } from './name-rename-dialog';
import { NamesTable, type NameAction } from './names-table';

/**
 * The account's IPNS names: create, publish a CID, see and roll back the history, rename, export
 * the key and delete. Each name opens on this server's gateway at `/ipns/<name>/`; below, the
 * custom domains that serve a name or a CID at an address of the user's own. Its translations
 * (`names`) are fetched on first use, here or from My files and the DAG viewer.
 */
export function NamesPage() {
  const { t, ready } = useTranslation(['names', 'common']);
  const errorText = useAreaErrorText('names');
  const { state, reload, setData } = useAsync((signal) => namesApi.list(signal).then((body) => body.names), []);
  const names = state.status === 'ready' ? state.data : [];
  const [label, setLabel] = useState('');
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<{ action: NameAction; name: Name } | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The target the add-domain dialog starts from ('' for none); null while it is closed.
  const [addingDomain, setAddingDomain] = useState<string | null>(null);

  const replace = (saved: Name) =>
    setData(names.some((row) => row.id === saved.id) ? names.map((row) => (row.id === saved.id ? saved : row)) : [...names, saved]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameCreateSchema.safeParse({ label });
    if (!parsed.success) return;
    setCreating(true);
    try {
      const created = await namesApi.create(parsed.data);
      replace(created);
      setLabel('');
      toast.success(t('created', { label: created.label }));
    } catch (error) {
      toast.error(errorText(error, 'errors.save'));
    } finally {
      setCreating(false);
    }
  };

  const remove = async (name: Name) => {
    setDeleting(true);
    try {
      await namesApi.remove(name.id);
      setData(names.filter((row) => row.id !== name.id));
      toast.success(t('deleted', { label: name.label }));
      setOpen(null);
    } catch (error) {
      toast.error(errorText(error, 'errors.delete'));
    } finally {
      setDeleting(false);
    }
  };

  const close = () => setOpen(null);
  const saved = (name: Name) => {
    replace(name);
    setOpen(null);
  };

  if (!ready) return <LoadingState />;
  return (
    <div className="page">
      <PageHeader title={t('common:screens.names.title')} description={t('common:screens.names.description')} />
      <section className="card" aria-label={t('caption')}>
        <form className="name-create" onSubmit={(event) => void create(event)}>
          <TextField label={t('new_label')} value={label} onChange={(event) => setLabel(event.target.value)} maxLength={100} />
          <button type="submit" className="btn btn-primary" disabled={creating || !label.trim()} aria-busy={creating}>
            <Icon name="tag" size={16} />
            <span>{t('create')}</span>
          </button>
        </form>
        {state.status === 'loading' && <LoadingState />}
        {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.load')} onRetry={reload} />}
        {state.status === 'ready' && names.length === 0 && <EmptyState title={t('empty_title')} message={t('empty_message')} icon="tag" />}
        {state.status === 'ready' && names.length > 0 && (
          <NamesTable
            names={names}
            onAction={(action, name) => (action === 'use_on_domain' ? setAddingDomain(nameTarget(name.name)) : setOpen({ action, name }))}
          />
        )}
      </section>
      <DomainsPanel names={names} adding={addingDomain} onAdding={setAddingDomain} />
      {open?.action === 'publish' && <NamePublishDialog name={open.name} onClose={close} onPublished={saved} />}
      {open?.action === 'history' && <NameHistoryDialog name={open.name} onClose={close} onRolledBack={replace} />}
      {open?.action === 'rename' && <NameRenameDialog name={open.name} onClose={close} onRenamed={saved} />}
      {open?.action === 'export_key' && <NameKeyDialog name={open.name} onClose={close} />}
      {open?.action === 'delete' && (
        <ConfirmDialog
          title={t('delete_title')}
          message={t('delete_message', { label: open.name.label, name: open.name.name })}
          confirmLabel={t('delete')}
          danger
          busy={deleting}
          onConfirm={() => void remove(open.name)}
          onCancel={close}
        />
      )}
    </div>
  );
}
