import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { AdminStatsLoader } from './admin-stats-loader';
import { DailyCharts } from './daily-charts';
import { StatCards } from './stat-cards';

/** /admin: the headline figures and the last 30 days at a glance. */
export function AdminOverviewPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="page">
      <PageHeader
        title={t('overview.title')}
        description={t('overview.description')}
        actions={
          <Link to="/admin/stats" className="btn btn-secondary">
            {t('overview.all_statistics')}
          </Link>
        }
      />
      <AdminStatsLoader>
        {(stats) => (
          <>
            <StatCards stats={stats} />
            <DailyCharts stats={stats} />
          </>
        )}
      </AdminStatsLoader>
    </div>
  );
}
