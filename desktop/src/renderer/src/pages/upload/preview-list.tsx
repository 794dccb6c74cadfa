import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { ImagePreview } from './image-preview';
import { fileKind, totalBytes, type PickedFile } from './selection';

/** Long folders show their first files only; the count says how many more there are. */
const SHOWN = 200;

/** The chosen files (an image's preview, path, type, size), each removable, with the count and total size. */
export function PreviewList({
  files,
  onRemove,
  onClear,
  disabled,
}: {
  files: readonly PickedFile[];
  onRemove(path: string): void;
  onClear(): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  return (
    <div className="preview" data-preview>
      <div className="preview-head">
        <p className="preview-summary">{t('upload.selected', { count: files.length, size: formatBytes(totalBytes(files), language) })}</p>
        <button type="button" className="btn btn-ghost btn-small" onClick={onClear} disabled={disabled}>
          {t('upload.clear')}
        </button>
      </div>
      <ul className="preview-list" aria-label={t('upload.selected_files')}>
        {files.slice(0, SHOWN).map((item) => (
          <li key={item.path} className="preview-item">
            <ImagePreview file={item.file} name={item.path} />
            <span className="preview-name" title={item.path}>
              {item.path}
            </span>
            <span className="preview-kind">{fileKind(item.file) || t('upload.unknown_type')}</span>
            <span className="preview-size">{formatBytes(item.file.size, language)}</span>
            <button
              type="button"
              className="icon-btn"
              onClick={() => onRemove(item.path)}
              disabled={disabled}
              aria-label={t('upload.remove', { name: item.path })}
              title={t('upload.remove', { name: item.path })}
            >
              <Icon name="close" size={16} />
            </button>
          </li>
        ))}
      </ul>
      {files.length > SHOWN && <p className="muted">{t('upload.more_files', { count: files.length - SHOWN })}</p>}
    </div>
  );
}
