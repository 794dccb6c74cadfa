import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/progress-bar';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes, formatRate } from '../../lib/units';
import type { UploadProgress } from './progress';
import type { PickedFile } from './selection';

const SHOWN = 50;

/** Overall and per-file progress with the speed; while the server stores the bytes, says so. */
export function UploadProgressPanel({
  files,
  progress,
  storing,
  onCancel,
}: {
  files: readonly PickedFile[];
  progress: UploadProgress;
  storing: boolean;
  onCancel(): void;
}) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const share = progress.total > 0 ? progress.loaded / progress.total : 0;
  const percent = Math.floor(share * 100);
  return (
    <div className="upload-progress" data-upload-progress>
      <div className="progress-head">
        <p className="progress-title" role="status">
          {storing ? t('upload.storing') : t('upload.uploading', { percent })}
        </p>
        <p className="muted progress-figures">
          {t('upload.sent', { sent: formatBytes(progress.loaded, language), total: formatBytes(progress.total, language) })}
          {!storing && progress.bytesPerSecond !== null && (
            <span className="speed"> · {formatRate(progress.bytesPerSecond, language)}</span>
          )}
        </p>
      </div>
      <ProgressBar value={storing ? 1 : share} label={t('upload.total_progress')} />
      {files.length > 1 && (
        <ul className="file-progress" aria-label={t('upload.file_progress')}>
          {files.slice(0, SHOWN).map((item, index) => (
            <li key={item.path}>
              <span className="file-progress-name" title={item.path}>
                {item.path}
              </span>
              <ProgressBar value={progress.perFile[index] ?? 0} label={item.path} />
              <span className="file-progress-percent">{Math.floor((progress.perFile[index] ?? 0) * 100)}%</span>
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={storing}>
          {t('upload.cancel')}
        </button>
      </div>
    </div>
  );
}
