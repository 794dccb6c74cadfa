import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/states';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { currentLanguage } from '../../../lib/i18n';
import { formatEur } from '../../../lib/units';
import { BarChart } from '../charts/bar-chart';
import { DailyCharts } from './daily-charts';
import { incomePoints } from './stats-figures';
import { TopReferrers } from './top-referrers';
import { useAdminStats } from './use-admin-stats';

/** /admin/stats: activity and income over 30 days, income by period, the top 10 referrers. */
export function AdminStatsPage() {
  const { t } = useTranslation('admin');
  const errorText = useAreaErrorText('admin');
  const language = currentLanguage();
  const { state, reload } = useAdminStats();
  const euros = (value: number) => formatEur(value, language);
  return (
    <div className="page">
      <PageHeader title={t('stats.title')} description={t('stats.description')} />
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && (
        <section className="card">
          <ErrorState message={errorText(state.error, 'errors.stats_load')} onRetry={reload} />
        </section>
      )}
      {state.status === 'ready' && (
        <>
          <section className="card chart-card" data-chart="income-periods">
            <BarChart
              title={t('charts.periods_title')}
              summary={t('charts.periods_summary', { day: euros(state.data.income['24h']), all: euros(state.data.income.all) })}
              categoryLabel={t('charts.period')}
              series={[{ key: 'income', label: t('charts.income'), tone: 'tertiary' }]}
              points={incomePoints(
                state.data.income,
                (period) => t(`income.short_${period}`),
                (period) => t(`income.long_${period}`),
              )}
              format={euros}
              height={220}
            />
          </section>
          <DailyCharts stats={state.data} />
          <TopReferrers referrers={state.data.topReferrers} />
        </>
      )}
    </div>
  );
}
