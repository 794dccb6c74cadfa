import { useTranslation } from 'react-i18next';
import type { Upload } from '@cairn/shared/api-types';
import { contentApi } from '../../api/content';
import { FileBandwidth } from '../../components/bandwidth/file-bandwidth';
import { CidField } from '../../components/cid-field';
import { Modal } from '../../components/modal';
import { ErrorState, LoadingState } from '../../components/states';
import { useAsync } from '../../hooks/use-async';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes, formatNumber } from '../../lib/units';
import { PrivacyBadge } from './privacy-badge';
import { MetaEditor } from './meta-editor';
import { ReplicationFacts } from './replication-facts';

/** Everything the server knows about one record (GET /uploads/{id}), titled for what it is: a file, a folder or a DAG. */
export function InfoDialog({ upload, onClose }: { upload: Pick<Upload, 'uploadId' | 'type'>; onClose(): void }) {
  const { uploadId } = upload;
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const language = currentLanguage();
  const { state, reload } = useAsync((signal) => contentApi.get(uploadId, signal), [uploadId]);

  return (
    <Modal title={t(`info.title_${upload.type}`)} onClose={onClose}>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.info_load')} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <CidField cid={state.data.cid} />
          <dl className="facts" data-info>
            <dt>{t('fields.name')}</dt>
            <dd>{state.data.name}</dd>
            <dt>{t('fields.original_name')}</dt>
            <dd data-field="original-name">{state.data.originalName ?? t('info.none')}</dd>
            <dt>{t('fields.custom_name')}</dt>
            <dd>{state.data.customName ?? t('info.none')}</dd>
            <dt>{t('fields.name_used')}</dt>
            <dd data-field="name-source">{t(`name_source.${state.data.nameSource}`)}</dd>
            <dt>{t('fields.type')}</dt>
            <dd>{t(`types.${state.data.type}`)}</dd>
            {/* A folder's content has no one category. */}
            {state.data.type === 'file' && (
              <>
                <dt>{t('fields.category')}</dt>
                <dd>{t(`categories.${state.data.category}`)}</dd>
              </>
            )}
            <dt>{t('fields.size')}</dt>
            <dd data-field="size">{formatBytes(state.data.size, language)}</dd>
            <dt>{t('fields.charged')}</dt>
            <dd data-field="charged">{formatBytes(state.data.chargedBytes, language)}</dd>
            <dt>{t('fields.files_included')}</dt>
            <dd>{formatNumber(state.data.filesCount, language)}</dd>
            <dt>{t('privacy.label')}</dt>
            <dd data-field="privacy">
              <PrivacyBadge upload={state.data} />
            </dd>
            <dt>{t('fields.source')}</dt>
            <dd>{t(`sources.${state.data.source}`)}</dd>
            <dt>{t('fields.date')}</dt>
            <dd>{formatDateTime(state.data.createdAt, language)}</dd>
            <dt>{t('fields.groups')}</dt>
            <dd data-field="groups">
              {state.data.groups.length ? state.data.groups.map((group) => group.name).join(', ') : t('info.none')}
            </dd>
            <dt>{t('fields.meta')}</dt>
            <dd data-field="meta">
              <MetaEditor uploadId={uploadId} meta={state.data.meta ?? {}} onChanged={reload} />
            </dd>
          </dl>
          <ReplicationFacts cid={state.data.cid} />
          <FileBandwidth uploadId={uploadId} />
        </>
      )}
    </Modal>
  );
}
