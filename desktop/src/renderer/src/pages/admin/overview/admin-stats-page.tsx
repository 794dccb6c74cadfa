import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatEur } from '../../../lib/units';
import { BarChart } from '../charts/bar-chart';
import { AdminStatsLoader } from './admin-stats-loader';
import { DailyCharts } from './daily-charts';
import { incomePoints } from './stats-figures';
import { TopReferrers } from './top-referrers';

/** /admin/stats: activity and income over 30 days, income by period, the top 10 referrers. */
export function AdminStatsPage() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const euros = (value: number) => formatEur(value, language);
  return (
    <div className="page">
      <PageHeader title={t('stats.title')} description={t('stats.description')} />
      <AdminStatsLoader>
        {(stats) => (
          <>
            <section className="card chart-card" data-chart="income-periods">
              <BarChart
                title={t('charts.periods_title')}
                summary={t('charts.periods_summary', { day: euros(stats.income['24h']), all: euros(stats.income.all) })}
                categoryLabel={t('charts.period')}
                series={[{ key: 'income', label: t('charts.income'), tone: 'tertiary' }]}
                points={incomePoints(
                  stats.income,
                  (period) => t(`income.short_${period}`),
                  (period) => t(`income.long_${period}`),
                )}
                format={euros}
                height={220}
              />
            </section>
            <DailyCharts stats={stats} />
            <TopReferrers referrers={stats.topReferrers} />
          </>
        )}
      </AdminStatsLoader>
    </div>
  );
}
