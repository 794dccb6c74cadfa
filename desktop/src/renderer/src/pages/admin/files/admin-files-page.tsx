import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminFile } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyButton } from '../../../components/copy-button';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime, formatShortDateTime } from '../../../lib/format';
import { formatBytes } from '../../../lib/units';
import { AdminTable } from '../list/admin-table';
import { ListView } from '../list/list-view';
import { useAdminAction } from '../list/use-admin-action';
import { pageQuery, useAdminList } from '../list/use-admin-list';
import { EmailText } from '../../../components/email-text';

/** /admin/files: every account's files, searchable, with deletion. */
export function AdminFilesPage() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const list = useAdminList((query, signal) => adminApi.files(pageQuery(query), signal));
  const action = useAdminAction();
  const [deleting, setDeleting] = useState<AdminFile | null>(null);

  const remove = (file: AdminFile) =>
    action.run(file.uploadId, 'errors.file_delete', async () => {
      await adminApi.deleteFile(file.uploadId);
      toast.success(t('files.deleted', { name: file.name }));
      setDeleting(null);
      list.reload();
    });

  return (
    <div className="page">
      <PageHeader title={t('files.title')} description={t('files.description')} />
      <ListView
        list={list}
        label={t('files.title')}
        searchLabel={t('files.search')}
        items={list.data?.files ?? null}
        errorKey="errors.files_load"
        emptyTitle={t('files.empty')}
        emptyIcon="files"
      >
        {(files) => (
          <AdminTable caption={t('files.title')} columns={['name', 'cid', 'size', 'owner', 'created']} actions>
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
                <td data-label={t('columns.size')} className="cell-number">
                  {formatBytes(file.size, language)}
                </td>
                <td data-label={t('columns.owner')}>
                  <EmailText email={file.userEmail} />
                </td>
                <td data-label={t('columns.created')} className="nowrap">
                  <time dateTime={file.createdAt} title={formatDateTime(file.createdAt, language)}>
                    {formatShortDateTime(file.createdAt, language)}
                  </time>
                </td>
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
          </AdminTable>
        )}
      </ListView>
      {deleting && (
        <ConfirmDialog
          title={t(`files.delete_title_${deleting.type}`)}
          message={t('files.delete_message', { name: deleting.name, email: deleting.userEmail })}
          confirmLabel={t('files.delete')}
          danger
          busy={action.busy === deleting.uploadId}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
