import { MAX_DIRECTORY_BYTES, MAX_FILE_BYTES } from '@cairn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/field';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { DropZone } from './drop-zone';
import { ModePicker } from './mode-picker';
import { PreviewList } from './preview-list';
import {
  checkSelection,
  mergeSelection,
  singleFileMode,
  totalBytes,
  type PickedFile,
  type SelectionProblem,
  type UploadMode,
} from './selection';
import { UploadError } from './upload-error';
import { UploadProgressPanel } from './upload-progress';
import { UploadSuccess } from './upload-success';
import { UploadTips } from './upload-tips';
import { useUpload } from './use-upload';
import { useLeaveWarning } from '../../hooks/use-leave-warning';
import { QuotaNotice } from './quota-notice';

/** Upload a file, a folder as one DAG, a folder as separate files or a CAR, with progress and the resulting CID. */
export function UploadPage() {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const [mode, setMode] = useState<UploadMode>('dag');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [cidVersion, setCidVersion] = useState<0 | 1>(1);
  const [problem, setProblem] = useState<SelectionProblem | null>(null);
  const { phase, start, cancel, reset } = useUpload();
  const busy = phase.status === 'uploading' || phase.status === 'storing';
  useLeaveWarning(busy, t('upload.leave_confirm'));

  const choose = (added: PickedFile[]) => {
    setProblem(null);
    if (phase.status !== 'uploading' && phase.status !== 'storing') reset();
    setFiles((current) => (singleFileMode(mode) ? added.slice(-1) : mergeSelection(current, added)));
  };
  const submit = () => {
    const found = checkSelection(mode, files);
    setProblem(found);
    if (!found) start(mode, files, cidVersion);
  };
  const again = () => {
    setFiles([]);
    setProblem(null);
    reset();
  };

  return (
    <div className="page">
      <PageHeader title={t('common:screens.upload.title')} description={t('common:screens.upload.description')} />
      <div className="upload-layout">
        {phase.status === 'done' ? (
          <UploadSuccess outcome={phase.outcome} onAgain={again} />
        ) : (
          <section className="card upload-form" aria-label={t('upload.form_label')}>
            <ModePicker
              value={mode}
              disabled={busy}
              onChange={(next) => {
                setMode(next);
                setProblem(null);
              }}
            />
            <QuotaNotice />
            <DropZone mode={mode} onFiles={choose} disabled={busy} />
            {files.length > 0 && !busy && (
              <PreviewList
                files={files}
                disabled={busy}
                onRemove={(path) => setFiles((current) => current.filter((item) => item.path !== path))}
                onClear={() => setFiles([])}
              />
            )}
            {busy ? (
              <UploadProgressPanel files={files} progress={phase.progress} storing={phase.status === 'storing'} onCancel={cancel} />
            ) : (
              <>
                <div className="upload-options">
                  {mode === 'car' ? (
                    <p className="muted" data-car-note>
                      {t('upload.car_note')}
                    </p>
                  ) : (
                    <SelectField
                      label={t('upload.cid_version')}
                      name="cidVersion"
                      value={String(cidVersion)}
                      hint={t('upload.cid_version_hint')}
                      onChange={(event) => setCidVersion(event.target.value === '0' ? 0 : 1)}
                    >
                      <option value="1">{t('upload.cid_v1')}</option>
                      <option value="0">{t('upload.cid_v0')}</option>
                    </SelectField>
                  )}
                </div>
                {problem && (
                  <p className="alert alert-error" role="alert" data-upload-problem>
                    <Icon name="alert" size={16} />
                    <span>
                      {t(`upload.checks.${problem.key}`, {
                        ...problem.values,
                        file: formatBytes(MAX_FILE_BYTES, language),
                        folder: formatBytes(MAX_DIRECTORY_BYTES, language),
                      })}
                    </span>
                  </p>
                )}
                {phase.status === 'error' && (
                  <>
                    <UploadError error={phase.error} mode={mode} />
                    <button type="button" className="btn btn-secondary retry-upload" onClick={submit}>
                      {t('upload.retry')}
                    </button>
                  </>
                )}
                {phase.status === 'cancelled' && (
                  <p className="alert alert-info" role="status" data-upload-cancelled>
                    <Icon name="info" size={16} />
                    <span>{t('upload.cancelled')}</span>
                  </p>
                )}
                <div className="form-actions upload-actions">
                  <button type="button" className="btn btn-primary" onClick={submit}>
                    <Icon name="upload" size={16} />
                    <span>
                      {files.length > 0
                        ? t('upload.submit_count', { count: files.length, size: formatBytes(totalBytes(files), language) })
                        : t('upload.submit')}
                    </span>
                  </button>
                </div>
              </>
            )}
          </section>
        )}
        <UploadTips />
      </div>
    </div>
  );
}
