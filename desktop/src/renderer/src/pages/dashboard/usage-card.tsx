import { useTranslation } from 'react-i18next';
import { contentApi } from '../../api/content';
import { useAsync } from '../../hooks/use-async';
import { USAGE_EVENTS, useLiveRefresh } from '../../hooks/use-live-events';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { UsageMeter } from '../usage/usage-meter';
import { DashboardCard } from './dashboard-card';

/** The dashboard's usage: used against the limit (plan plus referral bonus), with a link to Usage. */
export function UsageCard() {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const { state, reload, refresh } = useAsync((signal) => contentApi.usage(signal), []);
  useLiveRefresh(USAGE_EVENTS, refresh);
  return (
    <DashboardCard
      titleId="usage-card-title"
      title={t('dashboard.usage_title')}
      to="/usage"
      linkLabel={t('dashboard.see_usage')}
      state={state}
      reload={reload}
      errorKey="errors.usage_load"
      data-usage-card
    >
      {(usage) => (
        <>
          <UsageMeter usage={usage} />
          <p className="muted">
            {t('dashboard.limit_breakdown', {
              plan: usage.plan.name,
              base: formatBytes(usage.planLimit, language),
              bonus: formatBytes(usage.bonus, language),
            })}
          </p>
          {usage.limitReached && (
            <p className="alert alert-warning" role="alert">
              {t('usage.limit_reached')}
            </p>
          )}
        </>
      )}
    </DashboardCard>
  );
}
