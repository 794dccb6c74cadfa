import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Group } from '@cairn/shared/api-types';
import { groupsApi } from '../../api/content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/field';
import { FormDialogActions } from '../../components/form-dialog-actions';
import { Icon } from '../../components/icons';
import { Modal } from '../../components/modal';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { TableWrap } from '../../components/table-wrap';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { TableHead } from '../../components/table-head';

const PAGE_SIZE = 25;

/** Groups of the account's files: create, rename, delete (the files stay); each opens My files showing its files. */
export function GroupsPage() {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const [page, setPage] = useState(1);
  const { state, reload } = useAsync((signal) => groupsApi.list({ page, limit: PAGE_SIZE }, signal), [page]);
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setCreating(true);
    try {
      const group = await groupsApi.create(name.trim());
      toast.success(t('groups.created', { name: group.name }));
      setName('');
      reload();
    } catch (error) {
      toast.error(errorText(error, 'groups.save_failed'));
    } finally {
      setCreating(false);
    }
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await groupsApi.remove(deleting.id);
      toast.success(t('groups.deleted', { name: deleting.name }));
      setDeleting(null);
      reload();
    } catch (error) {
      toast.error(errorText(error, 'groups.delete_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <PageHeader title={t('common:screens.groups.title')} description={t('common:screens.groups.description')} />
      <section className="card" aria-label={t('groups.caption')}>
        <form className="group-create" onSubmit={(event) => void create(event)}>
          <TextField label={t('groups.new_name')} value={name} onChange={(event) => setName(event.target.value)} maxLength={255} />
          <button type="submit" className="btn btn-primary" disabled={creating || !name.trim()} aria-busy={creating}>
            <Icon name="folder" size={16} />
            <span>{t('groups.create')}</span>
          </button>
        </form>
        {state.status === 'loading' && <LoadingState />}
        {state.status === 'error' && <ErrorState message={errorText(state.error, 'groups.load_failed')} onRetry={reload} />}
        {state.status === 'ready' && state.data.total === 0 && (
          <EmptyState title={t('groups.empty_title')} message={t('groups.empty_message')} icon="folder" />
        )}
        {state.status === 'ready' && state.data.groups.length > 0 && (
          <>
            <TableWrap>
              <table className="table">
                <TableHead
                  caption={t('groups.caption')}
                  columns={[t('groups.col_name'), t('groups.col_files')]}
                  actions={t('groups.col_actions')}
                />
                <tbody>
                  {state.data.groups.map((group) => (
                    <tr key={group.id} data-group-id={group.id}>
                      <td data-label={t('groups.col_name')}>
                        <Link to={`/files?group=${encodeURIComponent(group.id)}`}>{group.name}</Link>
                      </td>
                      <td data-label={t('groups.col_files')}>{group.filesCount}</td>
                      <td>
                        <div className="group-actions">
                          <button type="button" className="btn btn-secondary btn-small" onClick={() => setRenaming(group)}>
                            <Icon name="edit" size={14} />
                            <span>{t('groups.rename')}</span>
                          </button>
                          <button type="button" className="btn btn-secondary btn-small" onClick={() => setDeleting(group)}>
                            <Icon name="trash" size={14} />
                            <span>{t('groups.delete')}</span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <Pagination
              page={state.data.page}
              limit={state.data.limit}
              total={state.data.total}
              onPage={setPage}
              label={t('groups.pages')}
            />
          </>
        )}
      </section>
      {renaming && (
        <RenameGroupDialog
          group={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={() => {
            setRenaming(null);
            reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('groups.delete_title')}
          message={t('groups.delete_message', { name: deleting.name, n: deleting.filesCount })}
          confirmLabel={t('groups.delete')}
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

function RenameGroupDialog({ group, onClose, onRenamed }: { group: Group; onClose(): void; onRenamed(): void }) {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const formId = useId();
  const [name, setName] = useState(group.name);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const renamed = await groupsApi.rename(group.id, name.trim());
      toast.success(t('groups.renamed', { name: renamed.name }));
      onRenamed();
    } catch (error) {
      toast.error(errorText(error, 'groups.save_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={t('groups.rename_title')}
      onClose={busy ? undefined : onClose}
      size="small"
      footer={<FormDialogActions formId={formId} busy={busy} onCancel={onClose} submitLabel={t('groups.rename')} blocked={!name.trim()} />}
    >
      <form id={formId} onSubmit={(event) => void submit(event)}>
        <TextField label={t('groups.col_name')} value={name} onChange={(event) => setName(event.target.value)} maxLength={255} autoFocus />
      </form>
    </Modal>
  );
}
