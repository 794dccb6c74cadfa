import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../components/states';
import { PageHeader } from '../components/page-header';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <div className="page">
      <PageHeader title={t('not_found.title')} />
      <section className="card">
        <EmptyState title={t('not_found.message')} icon="search">
          <Link to="/" className="btn btn-primary">
            {t('awaiting.back')}
          </Link>
        </EmptyState>
      </section>
    </div>
  );
}
