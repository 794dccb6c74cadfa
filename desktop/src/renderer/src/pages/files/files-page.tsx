import { LIMIT_DEFAULT } from '@cairn/shared';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contentApi } from '../../api/content';
import type { Upload } from '../../api/content-types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import type { FileDialog } from './file-actions';
import { FilesTable } from './files-table';
import { FilesToolbar } from './files-toolbar';
import { InfoDialog } from './info-dialog';
import { NoFilesYet } from './no-files-yet';
import { RenameDialog } from './rename-dialog';
import { DEFAULT_ORDER, type FileOrder } from './sort-header';

/** My files: filter, page, and act on each record (copy, view, download, DAG, rename, info, delete). */
export function FilesPage() {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMIT_DEFAULT);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const [order, setOrder] = useState<FileOrder>(DEFAULT_ORDER);
  const { state, reload, setData } = useAsync(
    (signal) => contentApi.list({ page, limit, search: query || undefined, ...order }, signal),
    [page, limit, query, order],
  );
  const [open, setOpen] = useState<{ dialog: FileDialog; upload: Upload } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const pastTheEnd = state.status === 'ready' && state.data.files.length === 0 && state.data.total > 0;
  // Files deleted elsewhere can leave this page past the last one: go to the first.
  useEffect(() => {
    if (pastTheEnd) setPage(1);
  }, [pastTheEnd]);

  const remove = async (upload: Upload) => {
    setDeleting(true);
    try {
      await contentApi.remove(upload.uploadId);
      toast.success(t('files.deleted', { name: upload.name }));
      setOpen(null);
      // The last row of a later page: step back rather than show an empty page.
      if (state.status === 'ready' && state.data.files.length === 1 && page > 1) setPage(page - 1);
      else reload();
    } catch (error) {
      toast.error(errorText(error, 'errors.delete_failed'));
    } finally {
      setDeleting(false);
    }
  };
  const renamed = (upload: Upload) => {
    if (state.status === 'ready') {
      setData({ ...state.data, files: state.data.files.map((file) => (file.uploadId === upload.uploadId ? upload : file)) });
    }
    setOpen(null);
  };

  return (
    <div className="page">
      <PageHeader
        title={t('common:screens.files.title')}
        description={t('common:screens.files.description')}
        actions={
          <Link to="/upload" className="btn btn-primary">
            <Icon name="upload" size={16} />
            <span>{t('files.upload')}</span>
          </Link>
        }
      />
      <section className="card" aria-label={t('files.caption')}>
        <FilesToolbar
          search={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          limit={limit}
          onLimit={(value) => {
            setLimit(value);
            setPage(1);
          }}
        />
        {state.status === 'loading' && <LoadingState />}
        {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.files_load')} onRetry={reload} />}
        {state.status === 'ready' &&
          state.data.total === 0 &&
          (query ? (
            <EmptyState title={t('files.no_match_title')} message={t('files.no_match_message', { search: query })} icon="search" />
          ) : (
            <NoFilesYet />
          ))}
        {state.status === 'ready' && state.data.files.length > 0 && (
          <>
            <FilesTable
              files={state.data.files}
              order={order}
              onOrder={(next) => {
                setOrder(next);
                setPage(1);
              }}
              onOpen={(dialog, upload) => setOpen({ dialog, upload })}
            />
            <Pagination page={page} limit={limit} total={state.data.total} onPage={setPage} label={t('files.pages')} />
          </>
        )}
      </section>
      {open?.dialog === 'rename' && <RenameDialog upload={open.upload} onClose={() => setOpen(null)} onRenamed={renamed} />}
      {open?.dialog === 'info' && <InfoDialog uploadId={open.upload.uploadId} onClose={() => setOpen(null)} />}
      {open?.dialog === 'delete' && (
        <ConfirmDialog
          title={t('files.delete_title')}
          message={t('files.delete_message', { name: open.upload.name })}
          confirmLabel={t('files.delete')}
          danger
          busy={deleting}
          onConfirm={() => void remove(open.upload)}
          onCancel={() => setOpen(null)}
        />
      )}
    </div>
  );
}
