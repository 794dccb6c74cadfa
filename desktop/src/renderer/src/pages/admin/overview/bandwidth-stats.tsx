import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATS_PERIODS, type StatsPeriod } from '@cairn/shared';
import { bandwidthApi } from '../../../api/bandwidth';
import { BandwidthChart } from '../../../components/bandwidth/bandwidth-chart';
import { SelectField } from '../../../components/field';
import { ErrorState, LoadingState } from '../../../components/states';
import { TableWrap } from '../../../components/table-wrap';
import { useAsync } from '../../../hooks/use-async';
import { currentLanguage } from '../../../lib/i18n';
import { formatBytes } from '../../../lib/units';

/** Gateway bandwidth of every account over one of the console's periods: the total, a bar per day, the top accounts. */
export function BandwidthStats() {
  const { t } = useTranslation(['bandwidth', 'admin']);
  const language = currentLanguage();
  const [period, setPeriod] = useState<StatsPeriod>('30d');
  const { state, reload } = useAsync((signal) => bandwidthApi.admin({ period }, signal), [period]);
  return (
    <section className="card" aria-labelledby="admin-bandwidth-title" data-panel="bandwidth">
      <div className="card-header">
        <div>
          <h2 id="admin-bandwidth-title">{t('admin_title')}</h2>
          <p className="card-description">{t('admin_description')}</p>
        </div>
        <SelectField label={t('admin_period')} name="period" value={period} onChange={(e) => setPeriod(e.target.value as StatsPeriod)}>
          {STATS_PERIODS.map((value) => (
            <option key={value} value={value}>
              {t(`admin:income.long_${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={t('load_error')} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <dl className="facts">
            <dt>{t('admin_total')}</dt>
            <dd data-bandwidth-total>
              {formatBytes(state.data.bytes, language)} <span className="muted">· {t('requests', { count: state.data.requests })}</span>
            </dd>
          </dl>
          <BandwidthChart days={state.data.days} title={t('chart_title')} />
          <h3>{t('admin_accounts')}</h3>
          <TableWrap>
            <table className="table">
              <caption className="visually-hidden">{t('admin_accounts')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('account')}</th>
                  <th scope="col">{t('sent')}</th>
                </tr>
              </thead>
              <tbody>
                {state.data.accounts.map((account) => (
                  <tr key={account.userId}>
                    <td data-label={t('account')}>{account.email}</td>
                    <td data-label={t('sent')}>
                      {formatBytes(account.bytes, language)} <span className="muted">· {t('requests', { count: account.requests })}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      )}
    </section>
  );
}
