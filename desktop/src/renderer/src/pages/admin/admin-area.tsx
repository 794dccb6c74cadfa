import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/states';
import { useAppStore } from '../../store/app-store';
import { NotFoundPage } from '../not-found-page';
import { AdminContentJobsPage } from './content-jobs/admin-content-jobs-page';
import { AdminFilesPage } from './files/admin-files-page';
import { AdminLogsPage } from './logs/admin-logs-page';
import { AdminOverviewPage } from './overview/admin-overview-page';
import { AdminStatsPage } from './overview/admin-stats-page';
import { AdminPlansPage } from './plans/admin-plans-page';
import { AdminReferralsPage } from './referrals/admin-referrals-page';
import { AdminRewardsPage } from './referrals/admin-rewards-page';
import { AdminTokensPage } from './tokens/admin-tokens-page';
import { AdminUserPage } from './users/admin-user-page';
import { AdminUsersPage } from './users/admin-users-page';
import '../../styles/billing.css';
import '../../styles/admin.css';

/**
 * The admin area, split into its own chunk with its own translations (`admin`, fetched on first
 * visit). The server enforces admin rights on every admin call; this guard only keeps the screens
 * away from ordinary users.
 */
export function AdminArea() {
  const { t, ready } = useTranslation(['admin', 'common']);
  const isAdmin = useAppStore((state) => state.claims?.role === 'admin' || state.user?.role === 'admin');
  if (!isAdmin) {
    return (
      <div className="page">
        <PageHeader title={t('common:nav.admin')} />
        <section className="card">
          <ErrorState message={t('common:errors.admin_required')} />
        </section>
      </div>
    );
  }
  if (!ready) return <LoadingState />;
  return (
    // Admin screens are mostly wide tables: they take the whole width the window gives them.
    <div className="admin-area">
      <Routes>
        <Route index element={<AdminOverviewPage />} />
        <Route path="stats" element={<AdminStatsPage />} />
        <Route path="users" element={<AdminUsersPage />} />
        <Route path="users/:id" element={<AdminUserPage />} />
        <Route path="files" element={<AdminFilesPage />} />
        <Route path="logs" element={<AdminLogsPage />} />
        <Route path="plans" element={<AdminPlansPage />} />
        <Route path="tokens" element={<AdminTokensPage />} />
        <Route path="referrals" element={<AdminReferralsPage />} />
        <Route path="rewards" element={<AdminRewardsPage />} />
        <Route path="content-jobs" element={<AdminContentJobsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
