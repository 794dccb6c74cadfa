import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { ErrorState } from '../../components/states';
import { useAppStore } from '../../store/app-store';
import { AwaitingContentApi } from '../awaiting-content-api';
import { NotFoundPage } from '../not-found-page';

/** The admin sections the spec lists; `referrals` is routed but not in the sidebar sub-menu. */
const SECTIONS = ['users', 'files', 'logs', 'plans', 'stats', 'tokens', 'referrals', 'rewards'] as const;

/**
 * The admin area, split into its own chunk. The server enforces admin rights on every admin call;
 * this guard only keeps the screens away from ordinary users.
 */
export function AdminArea() {
  const { t } = useTranslation('common');
  const isAdmin = useAppStore((state) => state.claims?.role === 'admin' || state.user?.role === 'admin');
  if (!isAdmin) {
    return (
      <div className="page">
        <PageHeader title={t('nav.admin')} />
        <section className="card">
          <ErrorState message={t('errors.admin_required')} />
        </section>
      </div>
    );
  }
  return (
    <Routes>
      <Route index element={<AwaitingContentApi screen="admin_dashboard" />} />
      {SECTIONS.map((section) => (
        <Route key={section} path={section} element={<AwaitingContentApi screen={`admin_${section}`} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
