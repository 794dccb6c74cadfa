import { useTranslation } from 'react-i18next';
import type { PinJob } from '@cairn/shared/api-types';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes, formatNumber } from '../../lib/units';

/** A running job: its status, and how much was fetched from other peers so far. */
export function PinStatus({ job }: { job: PinJob | null }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  return (
    <div className="pin-status" data-pin-status={job?.status ?? 'starting'}>
      <span className="spinner" aria-hidden="true" />
      <div>
        <p className="progress-title" role="status">
          {t(`pin.status.${job?.status ?? 'queued'}`)}
        </p>
        <p className="muted">
          {t('pin.fetched', { bytes: formatBytes(job?.bytesFetched ?? 0, language), blocks: formatNumber(job?.blocks ?? 0, language) })}
        </p>
      </div>
    </div>
  );
}
