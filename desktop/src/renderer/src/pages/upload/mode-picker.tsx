import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/icons';
import { UPLOAD_MODES, type UploadMode } from './selection';

const ICONS: Record<UploadMode, IconName> = { dag: 'dag', files: 'folder', file: 'file', car: 'inbox' };

/** The four upload modes as a radio group; the folder as one DAG is the recommended one. */
export function ModePicker({ value, onChange, disabled }: { value: UploadMode; onChange(mode: UploadMode): void; disabled?: boolean }) {
  const { t } = useTranslation('content');
  return (
    <fieldset className="mode-picker" disabled={disabled}>
      <legend className="field-label">{t('upload.mode_legend')}</legend>
      {UPLOAD_MODES.map((mode) => (
        <label key={mode} className={`mode-option${value === mode ? ' selected' : ''}`}>
          <input type="radio" name="upload-mode" value={mode} checked={value === mode} onChange={() => onChange(mode)} />
          <span className="mode-icon">
            <Icon name={ICONS[mode]} />
          </span>
          <span className="mode-text">
            <span className="mode-title">
              {t(`upload.modes.${mode}.title`)}
              {mode === 'dag' && <span className="badge badge-active">{t('upload.recommended')}</span>}
            </span>
            <span className="mode-description">{t(`upload.modes.${mode}.description`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
