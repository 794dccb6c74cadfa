import { MAX_DIRECTORY_BYTES, MAX_FILE_BYTES } from '@cairn/shared';
import { useState } from 'react';
import { contentApi } from '../../api/content';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/field';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { currentLanguage } from '../../lib/i18n';
import { ApiError } from '../../lib/api-client';
import { canRetry } from '../../lib/retry';
import { formatBytes } from '../../lib/units';
import { DropZone } from './drop-zone';
import { ModePicker } from './mode-picker';
import { PreviewList } from './preview-list';
import {
  checkSelection,
  mergeSelection,
  quotaShortfall,
  singleFileMode,
  totalBytes,
  type PickedFile,
  type QuotaShortfall,
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
import { QuotaRefused, QuotaShortfallAlert } from './quota-shortfall';

/** Upload a file, a folder as one DAG, a folder as separate files or a CAR, with progress and the resulting CID. */
export function UploadPage() {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const [mode, setMode] = useState<UploadMode>('dag');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [cidVersion, setCidVersion] = useState<0 | 1>(1);
  const [problem, setProblem] = useState<SelectionProblem | null>(null);
  const [shortfall, setShortfall] = useState<QuotaShortfall | null>(null);
  const [checking, setChecking] = useState(false);
  const { phase, start, cancel, reset } = useUpload();
  const busy = phase.status === 'uploading' || phase.status === 'storing';
  useLeaveWarning(busy, t('upload.leave_confirm'));

  const choose = (added: PickedFile[]) => {
    setProblem(null);
    setShortfall(null);
    if (phase.status !== 'uploading' && phase.status !== 'storing') reset();
    setFiles((current) => (singleFileMode(mode) ? added.slice(-1) : mergeSelection(current, added)));
  };
  const submit = async () => {
    const found = checkSelection(mode, files);
    setProblem(found);
    setShortfall(null);
    if (found) return;
    // The room left now, not when the page opened; if it cannot be read, the server still decides.
    setChecking(true);
    const short = await contentApi.usage().then(
      (usage) => quotaShortfall(mode, files, usage),
      () => null,
    );
    setChecking(false);
    if (short) {
      reset();
      setShortfall(short);
      return;
    }
    start(mode, files, cidVersion);
  };
  const again = () => {
    setFiles([]);
    setProblem(null);
    setShortfall(null);
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
                setShortfall(null);
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
                {shortfall && <QuotaShortfallAlert needed={shortfall.needed} free={shortfall.free} />}
                {phase.status === 'error' &&
                  (phase.error instanceof ApiError && phase.error.code === 'quota_exceeded' ? (
                    <QuotaRefused fallback={<UploadError error={phase.error} mode={mode} />} />
                  ) : (
                    <UploadError error={phase.error} mode={mode} />
                  ))}
                {phase.status === 'error' && canRetry(phase.error) && (
                  <button type="button" className="btn btn-secondary retry-upload" onClick={() => void submit()}>
                    {t('upload.retry')}
                  </button>
                )}
                {phase.status === 'cancelled' && (
                  <p className="alert alert-info" role="status" data-upload-cancelled>
                    <Icon name="info" size={16} />
                    <span>{t('upload.cancelled')}</span>
                  </p>
                )}
                <div className="form-actions upload-actions">
                  <button type="button" className="btn btn-primary" onClick={() => void submit()} disabled={checking} aria-busy={checking}>
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
