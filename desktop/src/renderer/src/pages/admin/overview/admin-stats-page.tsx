import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatEur } from '../../../lib/units';
import { BarChart } from '../charts/bar-chart';
import { AdminStatsLoader } from './admin-stats-loader';
import { BandwidthStats } from './bandwidth-stats';
import { DailyCharts } from './daily-charts';
import { INCOME_PERIODS, incomePoints } from './stats-figures';
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
              {/* The amounts themselves, readable without hovering a bar. */}
              <dl className="period-figures">
                {INCOME_PERIODS.map((period) => (
                  <div key={period} data-period={period}>
                    <dt>{t(`income.long_${period}`)}</dt>
                    <dd>{euros(stats.income[period])}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <DailyCharts stats={stats} />
            <BandwidthStats />
            <TopReferrers referrers={stats.topReferrers} />
          </>
        )}
      </AdminStatsLoader>
    </div>
  );
}
