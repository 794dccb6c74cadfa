import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Upload } from '@cairn/shared/api-types';
import { ApiError } from '../../lib/api-client';
import { contentApi } from '../../api/content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { FILE_LIST_EVENTS, useLiveRefresh } from '../../hooks/use-live-events';
import type { FileDialog } from './file-actions';
import { FilesTable } from './files-table';
import { FilesToolbar } from './files-toolbar';
import { GroupFilter } from './group-filter';
import { MetaFilter } from './meta-filter';
import { InfoDialog } from './info-dialog';
import { NoFilesYet } from './no-files-yet';
import { RenameDialog } from './rename-dialog';
import { SelectionBar } from './selection-bar';
import { ShareDialog } from './share-dialog';
import { PublishToNameDialog } from '../names/publish-to-name-dialog';
import { metaQuery } from './files-view';
import { useFilesView, useFilterBox } from './use-files-view';

/** My files: filter, page, and act on each record (copy, view, download, DAG, share, publish to a name, privacy, rename, info, delete) or on several ticked at once. */
export function FilesPage() {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const { view, change } = useFilesView();
  const { page, limit, search: query, sort, order: direction, group, meta } = view;
  const order = useMemo(() => ({ sort, order: direction }), [sort, direction]);
  const setPage = (next: number) => change({ page: next });
  const [search, setSearch] = useFilterBox(query, change);
  const { state, latest, reload, refresh, setData } = useAsync(
    (signal) =>
      contentApi.list({ page, limit, search: query || undefined, groupId: group || undefined, ...metaQuery(meta), ...order }, signal),
    [page, limit, query, order, group, meta],
  );
  // Records added or removed elsewhere (another tab, the API, a pin finishing) show up without a reload.
  useLiveRefresh(FILE_LIST_EVENTS, refresh);
  const [open, setOpen] = useState<{ dialog: FileDialog; upload: Upload } | null>(null);
  const [deleting, setDeleting] = useState(false);
  // Ticked records are those of the page on screen: another page, filter or order starts afresh.
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setTicked(new Set()), [page, limit, query, order, group, meta]);
  // While another page, filter or order loads, the rows on screen stay (marked busy) rather than
  // give way to a spinner at every keystroke of a search; an empty result is only shown once loaded.
  const shown = state.status === 'ready' ? state.data : state.status === 'loading' && latest?.files.length ? latest : null;
  const refreshing = state.status === 'loading' && shown !== null;
  const files = useMemo(() => shown?.files ?? [], [shown]);
  const selected = files.filter((upload) => ticked.has(upload.uploadId));
  const select = (uploadIds: string[], checked: boolean) => {
    const next = new Set(ticked);
    for (const uploadId of uploadIds) {
      if (checked) next.add(uploadId);
      else next.delete(uploadId);
    }
    setTicked(next);
  };
  // A group deleted meanwhile (or remembered from an earlier visit) gives way to all files.
  const groupGone = state.status === 'error' && state.error instanceof ApiError && state.error.code === 'group_not_found';
  useEffect(() => {
    if (groupGone) change({ group: '', page: 1 }, { replace: true });
  }, [groupGone]);
  const pastTheEnd = state.status === 'ready' && state.data.files.length === 0 && state.data.total > 0;
  // Files deleted elsewhere can leave this page past the last one: go to the first.
  useEffect(() => {
    if (pastTheEnd) change({ page: 1 }, { replace: true });
  }, [pastTheEnd]);

  /** Reloads after `count` records of the page went; all of a later page's rows gone: step back rather than show an empty page. */
  const afterRemoval = (count: number) => {
    if (files.length <= count && page > 1) setPage(page - 1);
    else reload();
  };
  const remove = async (upload: Upload) => {
    setDeleting(true);
    try {
      await contentApi.remove(upload.uploadId);
      toast.success(t('files.deleted', { name: upload.name }));
      setOpen(null);
      afterRemoval(1);
    } catch (error) {
      toast.error(errorText(error, 'errors.delete_failed'));
    } finally {
      setDeleting(false);
    }
  };
  const bulkRemoved = (removed: Upload[]) => {
    if (removed.length === 0) return;
    select(
      removed.map((upload) => upload.uploadId),
      false,
    );
    afterRemoval(removed.length);
  };
  const replaced = (upload: Upload) => {
    if (state.status === 'ready') {
      setData({ ...state.data, files: state.data.files.map((file) => (file.uploadId === upload.uploadId ? upload : file)) });
    }
  };
  const renamed = (upload: Upload) => {
    replaced(upload);
    setOpen(null);
  };
  const setPrivacy = async (upload: Upload, value: boolean) => {
    try {
      const changed = await contentApi.setPrivate(upload.uploadId, value);
      replaced(changed);
      toast.success(t(value ? 'privacy.made_private' : 'privacy.made_public', { name: changed.name }));
    } catch (error) {
      toast.error(errorText(error, 'privacy.failed'));
    }
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
        <FilesToolbar search={search} onSearch={setSearch} limit={limit} onLimit={(value) => change({ limit: value, page: 1 })}>
          <GroupFilter group={group} onGroup={(value) => change({ group: value, page: 1 })} />
          <MetaFilter condition={meta} onCondition={(value) => change({ meta: value, page: 1 })} />
        </FilesToolbar>
        <SelectionBar
          files={files}
          uploads={selected}
          onSelectAll={(checked) =>
            select(
              files.map((upload) => upload.uploadId),
              checked,
            )
          }
          onClear={() => setTicked(new Set())}
          onRemoved={bulkRemoved}
          group={group}
          onGrouped={reload}
        />
        {state.status === 'loading' && !shown && <LoadingState />}
        {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.files_load')} onRetry={reload} />}
        {state.status === 'ready' &&
          state.data.total === 0 &&
          (query || meta ? (
            <EmptyState
              title={t('files.no_match_title')}
              message={query ? t('files.no_match_message', { search: query }) : t('files.no_meta_match')}
              icon="search"
            />
          ) : group ? (
            <EmptyState title={t('groups.empty_group_title')} message={t('groups.empty_group_message')} icon="folder" />
          ) : (
            <NoFilesYet />
          ))}
        {shown && shown.files.length > 0 && (
          <>
            <FilesTable
              files={shown.files}
              busy={refreshing}
              selected={ticked}
              onSelect={select}
              order={order}
              onOrder={(next) => change({ ...next, page: 1 })}
              onOpen={(dialog, upload) => setOpen({ dialog, upload })}
              onPrivacy={(upload, value) => void setPrivacy(upload, value)}
            />
            <Pagination
              page={shown.page}
              limit={shown.limit}
              total={shown.total}
              atLeast={shown.totalAtLeast === true}
              onPage={setPage}
              label={t('files.pages')}
            />
          </>
        )}
      </section>
      {open?.dialog === 'rename' && <RenameDialog upload={open.upload} onClose={() => setOpen(null)} onRenamed={renamed} />}
      {open?.dialog === 'info' && <InfoDialog upload={open.upload} onClose={() => setOpen(null)} />}
      {open?.dialog === 'share' && <ShareDialog upload={open.upload} onClose={() => setOpen(null)} />}
      {open?.dialog === 'publish' && <PublishToNameDialog item={open.upload.name} value={open.upload.cid} onClose={() => setOpen(null)} />}
      {open?.dialog === 'delete' && (
        <ConfirmDialog
          title={t(`files.delete_title_${open.upload.type}`)}
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
