import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../components/icons';
import { PageHeader } from '../components/page-header';

/**
 * Stands in for a screen whose API is not built yet (upload, pin, files, usage, DAG, plans,
 * referrals, payment, admin). `screen` is its key under `common:screens`. The lead replaces each
 * route's element with the real screen when the content, plans and admin APIs land.
 */
export function AwaitingContentApi({ screen }: { screen: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="page" data-awaiting-api={screen}>
      <PageHeader title={t(`screens.${screen}.title`)} description={t(`screens.${screen}.description`)} />
      <section className="card awaiting">
        <span className="state-icon">
          <Icon name="construction" size={22} />
        </span>
        <h2>{t('awaiting.title')}</h2>
        <p>{t('awaiting.message')}</p>
        <Link to="/" className="btn btn-secondary">
          {t('awaiting.back')}
        </Link>
      </section>
    </div>
  );
}
