import { useTranslation } from 'react-i18next';
import type { Upload } from '@cairn/shared/api-types';
import { ShortCid } from '../../components/short-cid';
import { formatDateTime, formatShortDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { FileActions, type FileDialog } from './file-actions';
import { SortHeader, type FileOrder } from './sort-header';
import { TableWrap } from '../../components/table-wrap';
import { FileThumb } from './file-thumb';
import { PrivacyBadge } from './privacy-badge';

/**
 * The account's records: a tick box each, name (an image's thumbnail, its privacy), CID (copyable), size,
 * category (of files), date and time, and a menu of actions; sortable by name, size and date. On
 * phones each record is a compact card: name, then size and date, and the menu.
 */
interface FilesTableProps {
  files: Upload[];
  /** uploadIds ticked on this page. */
  selected: ReadonlySet<string>;
  onSelect(uploadIds: string[], checked: boolean): void;
  order: FileOrder;
  onOrder(next: FileOrder): void;
  onOpen(dialog: FileDialog, upload: Upload): void;
  onPrivacy(upload: Upload, value: boolean): void;
  /** A newer page is loading: these rows stay, marked busy. */
  busy?: boolean;
}

export function FilesTable({ files, selected, onSelect, order, onOrder, onOpen, onPrivacy, busy }: FilesTableProps) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  return (
    <TableWrap busy={busy}>
      <table className="table files-table">
        <caption className="visually-hidden">{t('files.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="cell-select">
              <span className="visually-hidden">{t('files.select')}</span>
            </th>
            <SortHeader sort="name" label={t('fields.name')} value={order} onChange={onOrder} />
            <th scope="col">{t('fields.cid')}</th>
            <SortHeader sort="size" label={t('fields.size')} value={order} onChange={onOrder} />
            <th scope="col" className="col-category">
              {t('fields.category')}
            </th>
            <SortHeader sort="date" label={t('fields.date')} value={order} onChange={onOrder} />
            <th scope="col">
              <span className="visually-hidden">{t('fields.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((upload) => (
            <tr
              key={upload.uploadId}
              data-upload-id={upload.uploadId}
              data-cid={upload.cid}
              className={selected.has(upload.uploadId) ? 'selected' : undefined}
            >
              <td className="cell-select" data-label={t('files.select')}>
                <input
                  type="checkbox"
                  checked={selected.has(upload.uploadId)}
                  onChange={(event) => onSelect([upload.uploadId], event.target.checked)}
                  aria-label={t('files.select_named', { name: upload.name })}
                />
              </td>
              <td data-label={t('fields.name')} className="cell-name">
                <span className="file-name">
                  <FileThumb upload={upload} />
                  <span className="file-name-text" title={upload.name}>
                    {upload.name}
                  </span>
                  {upload.type !== 'file' && <span className="badge">{t(`types.${upload.type}`)}</span>}
                  <PrivacyBadge upload={upload} compact />
                </span>
                {/* A file of a folder uploaded as separate files: where it was in the folder. */}
                {upload.originalName?.includes('/') && (
                  <span className="file-path" title={upload.originalName}>
                    {upload.originalName}
                  </span>
                )}
                {/* Where the table is narrow, under the name instead of in a column of their own. */}
                {upload.type === 'file' && <span className="file-meta file-meta-category">{t(`categories.${upload.category}`)}</span>}
                <span className="file-meta file-meta-facts">
                  {formatBytes(upload.size, language)} · {formatShortDateTime(upload.createdAt, language)}
                </span>
              </td>
              <td data-label={t('fields.cid')} className="cell-cid">
                <ShortCid cid={upload.cid} name={upload.name} />
              </td>
              <td data-label={t('fields.size')} className="cell-number">
                {formatBytes(upload.size, language)}
              </td>
              {/* A folder's content has no one category. */}
              <td data-label={t('fields.category')} className="col-category">
                {upload.type === 'file' && t(`categories.${upload.category}`)}
              </td>
              {/* In digits where the table is narrow. */}
              <td data-label={t('fields.date')} className="cell-date">
                <span className="date-long">{formatDateTime(upload.createdAt, language)}</span>
                <span className="date-short">{formatShortDateTime(upload.createdAt, language)}</span>
              </td>
              <td className="cell-actions">
                <FileActions upload={upload} onOpen={onOpen} onPrivacy={onPrivacy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
