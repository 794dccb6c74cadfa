import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contentApi } from '../../api/content';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { USAGE_EVENTS, useLiveRefresh } from '../../hooks/use-live-events';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { BandwidthSection } from './bandwidth-section';
import { LimitWarning } from './limit-warning';
import { UsageMeter } from './usage-meter';

/** Storage used against the limit (plan plus referral bonus), with the plan's name. */
export function UsagePage() {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const language = currentLanguage();
  const { state, reload, refresh } = useAsync((signal) => contentApi.usage(signal), []);
  useLiveRefresh(USAGE_EVENTS, refresh);

  return (
    <div className="page">
      <PageHeader title={t('common:screens.usage.title')} description={t('common:screens.usage.description')} />
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.usage_load')} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          {state.data.limitReached && <LimitWarning />}
          <section className="card" aria-labelledby="usage-title">
            <div className="card-header">
              <div>
                <h2 id="usage-title">{t('usage.storage')}</h2>
                <p className="card-description">{t('usage.plan', { plan: state.data.plan.name })}</p>
              </div>
              <Link to="/plans" className="btn btn-secondary">
                {t('usage.change_plan')}
              </Link>
            </div>
            <UsageMeter usage={state.data} large />
            <dl className="facts usage-facts">
              <dt>{t('usage.used')}</dt>
              <dd>{formatBytes(state.data.used, language)}</dd>
              <dt>{t('usage.plan_storage')}</dt>
              <dd>{formatBytes(state.data.planLimit, language)}</dd>
              <dt>{t('usage.bonus')}</dt>
              <dd>{formatBytes(state.data.bonus, language)}</dd>
              <dt>{t('usage.limit')}</dt>
              <dd>{formatBytes(state.data.limit, language)}</dd>
              {state.data.used > state.data.limit ? (
                <>
                  <dt>{t('usage.over')}</dt>
                  <dd data-usage-over>{formatBytes(state.data.used - state.data.limit, language)}</dd>
                </>
              ) : (
                <>
                  <dt>{t('usage.available')}</dt>
                  <dd>{formatBytes(state.data.limit - state.data.used, language)}</dd>
                </>
              )}
            </dl>
          </section>
          <BandwidthSection />
        </>
      )}
    </div>
  );
}
