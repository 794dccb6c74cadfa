import type { Domain } from '@cairn/shared/api-types';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { Modal } from '../../components/modal';

/**
 * The TXT record a domain needs at its DNS provider, each part with a copy button, and what else
 * it takes for the domain to reach this server.
 */
export function DomainRecord({ domain }: { domain: Domain }) {
  const { t } = useTranslation('names');
  const record = domain.dnslinkRecord;
  return (
    <div className="domain-record" data-domain-record={domain.hostname}>
      <p>{t('domains.record_intro')}</p>
      <dl className="facts">
        <dt>{t('domains.record_name')}</dt>
        <dd className="inline-copy">
          <code data-record-name>{record.name}</code>
          <CopyButton text={record.name} label={t('domains.copy_record_name')} compact />
        </dd>
        <dt>{t('domains.record_type')}</dt>
        <dd>
          <code data-record-type>{record.type}</code>
        </dd>
        <dt>{t('domains.record_value')}</dt>
        <dd className="inline-copy">
          <code data-record-value>{record.value}</code>
          <CopyButton text={record.value} label={t('domains.copy_record_value')} compact />
        </dd>
      </dl>
      <p className="field-hint">{t('domains.record_serving')}</p>
    </div>
  );
}

/** The record of `domain` in a dialog: after adding it, or again from its row. */
export function DomainRecordDialog({ domain, onClose }: { domain: Domain; onClose(): void }) {
  const { t } = useTranslation('names');
  return (
    <Modal
      title={t('domains.record_title', { hostname: domain.hostname })}
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('domains.record_done')}
        </button>
      }
    >
      <DomainRecord domain={domain} />
    </Modal>
  );
}
