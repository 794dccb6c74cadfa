import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contentApi } from '../../api/content';
import { ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { UsageMeter } from '../usage/usage-meter';

/** The dashboard's usage: used against the limit (plan plus referral bonus), with a link to Usage. */
export function UsageCard() {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const language = currentLanguage();
  const { state, reload } = useAsync((signal) => contentApi.usage(signal), []);
  return (
    <section className="card" aria-labelledby="usage-card-title" data-usage-card>
      <div className="card-header">
        <h2 id="usage-card-title">{t('dashboard.usage_title')}</h2>
        <Link to="/usage" className="card-link">
          {t('dashboard.see_usage')}
        </Link>
      </div>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.usage_load')} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <UsageMeter usage={state.data} />
          <p className="muted">
            {t('dashboard.limit_breakdown', {
              plan: state.data.plan.name,
              base: formatBytes(state.data.planLimit, language),
              bonus: formatBytes(state.data.bonus, language),
            })}
          </p>
          {state.data.limitReached && (
            <p className="alert alert-warning" role="alert">
              {t('usage.limit_reached')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
