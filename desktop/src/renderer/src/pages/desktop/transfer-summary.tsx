import { useTranslation } from 'react-i18next';
import type { TransfersView } from '../../../../shared/desktop-bridge';
import { ProgressBar } from '../../components/progress-bar';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes, formatNumber } from '../../lib/units';
import { formatDuration } from './duration';

/** Total progress over every queued item, with speed and time left. */
export function TransferSummary({ view }: { view: TransfersView }) {
  const { t } = useTranslation('desktop');
  const language = currentLanguage();
  const { totals } = view;
  const share = totals.bytes > 0 ? totals.sentBytes / totals.bytes : totals.items > 0 ? 1 : 0;
  return (
    <section className="card transfer-summary" aria-labelledby="transfer-summary-title">
      <h2 id="transfer-summary-title" className="visually-hidden">
        {t('transfers.summary')}
      </h2>
      <ProgressBar value={share} label={t('transfers.total_progress')} />
      <dl className="transfer-figures">
        <div>
          <dt>{t('transfers.files')}</dt>
          <dd>{t('transfers.files_done', { done: formatNumber(totals.done, language), total: formatNumber(totals.items, language) })}</dd>
        </div>
        <div>
          <dt>{t('transfers.sent')}</dt>
          <dd>{t('transfers.bytes_of', { sent: formatBytes(totals.sentBytes, language), total: formatBytes(totals.bytes, language) })}</dd>
        </div>
        <div>
          <dt>{t('transfers.speed')}</dt>
          <dd>{t('transfers.per_second', { size: formatBytes(view.bytesPerSecond, language) })}</dd>
        </div>
        <div>
          <dt>{t('transfers.eta')}</dt>
          <dd>{view.etaSeconds === null ? t('transfers.eta_unknown') : formatDuration(view.etaSeconds, language)}</dd>
        </div>
        {totals.failed > 0 && (
          <div>
            <dt>{t('transfers.failed')}</dt>
            <dd>{formatNumber(totals.failed, language)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
