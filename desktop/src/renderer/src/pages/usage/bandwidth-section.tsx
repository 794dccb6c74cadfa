import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { bandwidthApi } from '../../api/bandwidth';
import { BandwidthChart } from '../../components/bandwidth/bandwidth-chart';
import { ProgressBar } from '../../components/progress-bar';
import { ErrorState, LoadingState } from '../../components/states';
import { useAsync } from '../../hooks/use-async';
import { currentLanguage } from '../../lib/i18n';
import { dateFormatter, numberLocale } from '../../lib/intl-locale';
import { formatBytes } from '../../lib/units';
import { fileLink } from '../files/files-view';

const percentFormat = (language: string, percent: number) =>
  new Intl.NumberFormat(numberLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);

/** This month's gateway bandwidth against the plan's allowance, a bar per day and the files downloaded most. */
export function BandwidthSection() {
  const { t } = useTranslation('bandwidth');
  const language = currentLanguage();
  const { state, reload } = useAsync((signal) => bandwidthApi.usage({}, signal), []);
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') return <ErrorState message={t('load_error')} onRetry={reload} />;
  const { month, days, top } = state.data;
  const used = formatBytes(month.bytes, language);
  const since = dateFormatter(language, 'date-long', 'UTC')(new Date(`${month.from}T00:00:00Z`));
  const summary = month.limitBytes === null ? t('unlimited') : t('percent_used', { percent: percentFormat(language, month.percent) });
  return (
    <section className="card" aria-labelledby="bandwidth-title" data-bandwidth>
      <div className="card-header">
        <div>
          <h2 id="bandwidth-title">{t('title')}</h2>
          <p className="card-description">{t('description', { date: since })}</p>
        </div>
      </div>
      <div className="usage-meter usage-meter-large" data-bandwidth-meter>
        <div className="usage-figures">
          <p>
            <span className="usage-used" data-bandwidth-used>
              {used}
            </span>{' '}
            {month.limitBytes !== null && (
              <span className="muted">{t('of_allowance', { limit: formatBytes(month.limitBytes, language) })}</span>
            )}{' '}
            <span className="muted">· {t('requests', { count: month.requests })}</span>
          </p>
          <p className={`usage-percent${month.limitReached ? ' usage-over' : ''}`}>{summary}</p>
        </div>
        {month.limitBytes !== null && (
          <ProgressBar
            value={month.percent / 100}
            tone={month.limitReached ? 'danger' : month.percent >= 90 ? 'warning' : 'accent'}
            label={t('bar_label')}
            valueText={summary}
          />
        )}
        {month.limitReached && (
          <p className="field-hint" role="status">
            {month.overLimit === 'block' ? t('over_blocked') : t('over_served')}
          </p>
        )}
      </div>
      <BandwidthChart days={days} title={t('chart_title')} />
      <h3>{t('top_title')}</h3>
      {top.length === 0 ? (
        <p className="muted">{t('top_empty')}</p>
      ) : (
        <table className="table compact" data-bandwidth-top>
          <thead>
            <tr>
              <th scope="col">{t('file')}</th>
              <th scope="col">{t('sent')}</th>
            </tr>
          </thead>
          <tbody>
            {top.map((record) => (
              <tr key={record.uploadId}>
                <th scope="row">
                  <Link to={fileLink(record.cid)}>{record.name}</Link>
                </th>
                <td>
                  {formatBytes(record.bytes, language)} <span className="muted">· {t('requests', { count: record.requests })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
