import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import type { AdminFile } from '../../../api/admin-types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyButton } from '../../../components/copy-button';
import { PageHeader } from '../../../components/page-header';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { formatBytes } from '../../../lib/units';
import { ListSearch } from '../list/list-search';
import { ListView } from '../list/list-view';
import { pageQuery, useAdminList } from '../list/use-admin-list';

/** /admin/files: every account's files, searchable, with deletion. */
export function AdminFilesPage() {
  const { t } = useTranslation('admin');
  const errorText = useAreaErrorText('admin');
  const language = currentLanguage();
  const list = useAdminList((query, signal) => adminApi.files(pageQuery(query), signal));
  const [deleting, setDeleting] = useState<AdminFile | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await adminApi.deleteFile(deleting.uploadId);
      toast.success(t('files.deleted', { name: deleting.name }));
      setDeleting(null);
      list.reload();
    } catch (error) {
      toast.error(errorText(error, 'errors.file_delete'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <PageHeader title={t('files.title')} description={t('files.description')} />
      <section className="card admin-list" aria-label={t('files.title')}>
        <div className="list-toolbar">
          <ListSearch value={list.query.search} label={t('files.search')} onSearch={(search) => list.update({ search })} />
        </div>
        <ListView
          {...list}
          items={list.data?.files ?? null}
          total={list.data?.total ?? 0}
          errorKey="errors.files_load"
          emptyTitle={list.query.search ? t('list.no_match') : t('files.empty')}
          emptyIcon="files"
        >
          {(files) => (
            <table className="table admin-table">
              <caption className="visually-hidden">{t('files.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.name')}</th>
                  <th scope="col">{t('columns.cid')}</th>
                  <th scope="col">{t('columns.size')}</th>
                  <th scope="col">{t('columns.owner')}</th>
                  <th scope="col">{t('columns.created')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {files.map((file) => (
                  <tr key={file.uploadId} data-upload={file.uploadId}>
                    <td data-label={t('columns.name')}>
                      <span className="stacked">
                        <span className="cell-strong cell-wrap">{file.name}</span>
                        <span className="muted">
                          {t(`files.type_${file.type}`)} · {t(`files.category.${file.category}`, { defaultValue: file.category })} ·{' '}
                          {t(`files.source_${file.source}`)}
                        </span>
                      </span>
                    </td>
                    <td data-label={t('columns.cid')}>
                      <span className="inline-copy cid-cell">
                        <code title={file.cid}>{file.cid}</code>
                        <CopyButton text={file.cid} label={t('files.copy_cid', { name: file.name })} compact />
                      </span>
                    </td>
                    <td data-label={t('columns.size')}>{formatBytes(file.size, language)}</td>
                    <td data-label={t('columns.owner')}>{file.userEmail}</td>
                    <td data-label={t('columns.created')}>{formatDateTime(file.createdAt, language)}</td>
                    <td className="cell-actions">
                      <button
                        type="button"
                        className="btn btn-danger-ghost btn-small"
                        onClick={() => setDeleting(file)}
                        aria-label={t('files.delete_named', { name: file.name })}
                      >
                        {t('files.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ListView>
      </section>
      {deleting && (
        <ConfirmDialog
          title={t('files.delete_title')}
          message={t('files.delete_message', { name: deleting.name, email: deleting.userEmail })}
          confirmLabel={t('files.delete')}
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
