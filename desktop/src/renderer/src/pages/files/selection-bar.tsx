import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Upload } from '@cairn/shared/api-types';
import { contentApi } from '../../api/content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon } from '../../components/icons';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAppStore } from '../../store/app-store';
import { downloadEach, recordDownloadUrl, removeEach, type BulkOutcome } from './bulk-actions';
import { GroupActions } from './group-actions';
import { SelectAll } from './select-all';

/**
 * Above the list: a tick box for every row of the page and, once some are ticked, what can be done
 * with them: download each (a folder as a CAR), or delete them all after one confirmation. Records that could not be deleted are listed with the
 * reason and stay selected; the others are gone.
 */
export function SelectionBar({
  files,
  uploads,
  onSelectAll,
  onClear,
  onRemoved,
  group,
  onGrouped,
}: {
  /** The page's rows. */
  files: Upload[];
  /** The ticked ones among them. */
  uploads: Upload[];
  onSelectAll(checked: boolean): void;
  onClear(): void;
  /** After a bulk delete: the records that went (the page reloads), whatever failed. */
  onRemoved(removed: Upload[]): void;
  /** The group shown, if any: its ticked records can be taken out of it. */
  group: string;
  /** After ticked records joined or left a group. */
  onGrouped(): void;
}) {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const origin = useAppStore((state) => state.serverOrigin);
  const isDesktop = useAppStore((state) => state.isDesktop);
  const openExternal = useAppStore((state) => state.openExternal);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<BulkOutcome['failed']>([]);

  const download = async () => {
    setBusy(true);
    try {
      await downloadEach(
        uploads.map((upload) => recordDownloadUrl(origin, upload)),
        isDesktop ? openExternal : undefined,
      );
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    const outcome = await removeEach(uploads, (upload) => contentApi.remove(upload.uploadId));
    setBusy(false);
    setConfirming(false);
    setFailed(outcome.failed);
    if (outcome.removed.length > 0) toast.success(t('files.deleted_many', { count: outcome.removed.length }));
    onRemoved(outcome.removed);
  };

  return (
    <>
      {failed.length > 0 && (
        <div className="alert alert-error bulk-failures" role="alert" data-bulk-failures>
          <Icon name="alert" size={16} />
          <div className="alert-body">
            <p className="alert-title">{t('files.delete_failed_many', { count: failed.length })}</p>
            <ul>
              {failed.map(({ upload, error }) => (
                <li key={upload.uploadId}>
                  <strong>{upload.name}</strong>: {errorText(error, 'errors.delete_failed')}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className="icon-btn alert-close" onClick={() => setFailed([])} aria-label={t('files.dismiss')}>
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      {files.length > 0 && (
        <div className="selection-bar" data-selection-bar>
          <label className="select-all">
            <SelectAll
              checked={uploads.length === files.length}
              mixed={uploads.length > 0 && uploads.length < files.length}
              onChange={onSelectAll}
            />
            <span>{t('files.select_page')}</span>
          </label>
          {uploads.length > 0 && (
            <div className="selection-actions">
              <p className="selection-count">{t('files.selected', { count: uploads.length })}</p>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => void download()} disabled={busy}>
                <Icon name="download" size={16} />
                <span>{t('files.download_selected')}</span>
              </button>
              <GroupActions uploads={uploads} group={group} onChanged={onGrouped} />
              <button type="button" className="btn btn-danger btn-small" onClick={() => setConfirming(true)} disabled={busy}>
                <Icon name="trash" size={16} />
                <span>{t('files.delete_selected')}</span>
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={onClear} disabled={busy}>
                {t('files.clear_selection')}
              </button>
            </div>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('files.delete_many_title', { count: uploads.length })}
          message={t('files.delete_many_message', { count: uploads.length })}
          confirmLabel={t('files.delete_many', { count: uploads.length })}
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
