import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadResult } from '@cairn/shared/api-types';
import { ContentLink } from '../../components/content-link';
import { CopyButton } from '../../components/copy-button';
import { Icon } from '../../components/icons';
import { StoredRecord } from '../../components/stored-record';
import { SuccessHead } from '../../components/success-head';
import { gatewayUrl, shortCid } from '../../lib/content-links';
import { folderOrder } from '../../lib/folder-order';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { useAppStore } from '../../store/app-store';
import type { UploadOutcome } from './upload-request';

/** The files of a folder uploaded as separate files, each with its own CID, listed as in the folder. */
function SeparateFiles({ files }: { files: UploadResult[] }) {
  const { t } = useTranslation('content');
  const origin = useAppStore((state) => state.serverOrigin);
  const language = currentLanguage();
  const inFolder = useMemo(() => {
    const order = folderOrder(language);
    return [...files].sort((a, b) => order(a.originalName ?? a.name, b.originalName ?? b.name));
  }, [files, language]);
  return (
    <ul className="result-files">
      {inFolder.map((file) => (
        <li key={file.uploadId}>
          <span className="result-name">{file.name}</span>
          <code title={file.cid}>{shortCid(file.cid)}</code>
          <span className="muted">{formatBytes(file.size, language)}</span>
          <span className="result-actions">
            <CopyButton text={file.cid} label={t('actions.copy_cid_of', { name: file.name })} compact />
            <ContentLink href={gatewayUrl(origin, file.cid)} className="icon-btn" label={t('actions.view_named', { name: file.name })}>
              <Icon name="external" size={16} />
            </ContentLink>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** What the upload produced: the CID (or, for separate files, every CID) and the next steps. */
export function UploadSuccess({ outcome, onAgain }: { outcome: UploadOutcome; onAgain(): void }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const summary =
    outcome.mode === 'files'
      ? t('upload.success_files', { count: outcome.result.total, size: formatBytes(outcome.result.size, language) })
      : outcome.mode === 'dag'
        ? t('upload.success_dag', { count: outcome.result.files.length, size: formatBytes(outcome.result.size, language) })
        : outcome.mode === 'car'
          ? t('upload.success_car', { name: outcome.result.name, size: formatBytes(outcome.result.size, language) })
          : t('upload.success_file', { name: outcome.result.name, size: formatBytes(outcome.result.size, language) });
  const duplicate = outcome.mode === 'files' ? outcome.result.files.some((file) => file.duplicate) : outcome.result.duplicate;
  return (
    <section className="card upload-success" aria-labelledby="upload-success-title" data-upload-success>
      <SuccessHead titleId="upload-success-title" title={t('upload.success_title')} description={summary} />
      {duplicate && <p className="alert alert-info">{t('upload.duplicate')}</p>}
      {outcome.mode === 'files' ? <SeparateFiles files={outcome.result.files} /> : <StoredRecord cid={outcome.result.cid} />}
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={onAgain}>
          <Icon name="upload" size={16} />
          <span>{t('upload.again')}</span>
        </button>
      </div>
    </section>
  );
}
