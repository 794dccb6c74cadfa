import { useTranslation } from 'react-i18next';
import type { AdminStats } from '@cairn/shared/api-types';
import { currentLanguage } from '../../../lib/i18n';
import { formatEur, formatNumber } from '../../../lib/units';
import { BarChart } from '../charts/bar-chart';
import { LineChart } from '../charts/line-chart';
import { dailyPoints, dailyTotals } from './stats-figures';

/** Sign-ups and uploads per day, and income per day, over the last 30 days. */
export function DailyCharts({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const totals = dailyTotals(stats.daily);
  const number = (value: number) => formatNumber(value, language);
  const euros = (value: number) => formatEur(value, language);
  return (
    <div className="grid grid-2 chart-grid">
      <section className="card chart-card" data-chart="activity">
        <BarChart
          title={t('charts.activity_title')}
          summary={t('charts.activity_summary', { signups: number(totals.signups), uploads: number(totals.uploads) })}
          categoryLabel={t('charts.day')}
          series={[
            { key: 'signups', label: t('charts.signups'), tone: 'primary' },
            { key: 'uploads', label: t('charts.uploads'), tone: 'secondary' },
          ]}
          points={dailyPoints(stats.daily, language, (day) => [day.signups, day.uploads])}
          format={number}
          integer
          emptyTitle={t('charts.no_data')}
        />
      </section>
      <section className="card chart-card" data-chart="income">
        <LineChart
          title={t('charts.income_title')}
          summary={t('charts.income_summary', { total: euros(totals.incomeEur) })}
          categoryLabel={t('charts.day')}
          series={[{ key: 'income', label: t('charts.income'), tone: 'primary' }]}
          points={dailyPoints(stats.daily, language, (day) => [day.incomeEur])}
          format={euros}
          emptyTitle={t('charts.no_data')}
        />
      </section>
    </div>
  );
}
