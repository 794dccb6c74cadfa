import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/states';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { DailyCharts } from './daily-charts';
import { StatCards } from './stat-cards';
import { useAdminStats } from './use-admin-stats';

/** /admin: the headline figures and the last 30 days at a glance. */
export function AdminOverviewPage() {
  const { t } = useTranslation('admin');
  const errorText = useAreaErrorText('admin');
  const { state, reload } = useAdminStats();
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
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && (
        <section className="card">
          <ErrorState message={errorText(state.error, 'errors.stats_load')} onRetry={reload} />
        </section>
      )}
      {state.status === 'ready' && (
        <>
          <StatCards stats={state.data} />
          <DailyCharts stats={state.data} />
        </>
      )}
    </div>
  );
}
