import { useTranslation } from 'react-i18next';
import type { Upload } from '@cairn/shared/api-types';
import { StoredRecord } from '../../components/stored-record';
import { SuccessHead } from '../../components/success-head';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes, formatNumber } from '../../lib/units';

/** What was pinned: CID, name (and which name was used), size, type, category, files included. */
export function PinResult({ upload }: { upload: Upload }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  return (
    <section className="card pin-result" aria-labelledby="pin-result-title" data-pin-result>
      <SuccessHead titleId="pin-result-title" title={t('pin.pinned_title')} description={t('pin.pinned_message')} />
      <StoredRecord cid={upload.cid}>
        <dl className="facts">
          <dt>{t('fields.name')}</dt>
          <dd data-field="name">{upload.name}</dd>
          <dt>{t('fields.name_used')}</dt>
          <dd data-field="name-source">{t(`name_source.${upload.nameSource}`)}</dd>
          <dt>{upload.type === 'file' ? t('fields.size') : t('fields.total_size')}</dt>
          <dd>{formatBytes(upload.size, language)}</dd>
          <dt>{t('fields.type')}</dt>
          <dd>{t(`types.${upload.type}`)}</dd>
          <dt>{t('fields.category')}</dt>
          <dd>{t(`categories.${upload.category}`)}</dd>
          <dt>{t('fields.files_included')}</dt>
          <dd>{formatNumber(upload.filesCount, language)}</dd>
        </dl>
      </StoredRecord>
    </section>
  );
}
