import { useTranslation } from 'react-i18next';
import { billingApi } from '../../api/billing';
import { useAsync } from '../../hooks/use-async';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { formatMegabytes, formatNumber } from '../../lib/units';
import { DashboardCard } from './dashboard-card';

/** How many joined shown on the dashboard; the Referrals screen lists them all. */
const RECENT = 3;

/** The referral summary: total and active referrals, MB earned, the current bonus and who joined last. */
export function ReferralCard() {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  const { state, reload } = useAsync((signal) => billingApi.referrals(signal), []);
  return (
    <DashboardCard
      titleId="referral-card-title"
      title={t('referrals.title')}
      to="/referrals"
      linkLabel={t('common:dashboard.see_referrals')}
      state={state}
      reload={reload}
      area="billing"
      errorKey="errors.referrals_load"
      data-referral-card
    >
      {(summary) => {
        const recent = [...summary.referrals].sort((a, b) => b.joinedAt.localeCompare(a.joinedAt)).slice(0, RECENT);
        const totals = [
          { key: 'total', value: formatNumber(summary.totalReferrals, language) },
          { key: 'active', value: formatNumber(summary.activeReferrals, language) },
          { key: 'earned', value: formatMegabytes(summary.totalEarnedMb, language) },
          { key: 'bonus', value: formatMegabytes(summary.currentBonusMb, language) },
        ];
        return (
          <>
            <dl className="facts referral-facts">
              {totals.map((item) => (
                <div key={item.key} className="contents" data-stat={item.key}>
                  <dt>{t(`referrals.stat_${item.key}`)}</dt>
                  <dd>{item.value}</dd>
                </div>
              ))}
            </dl>
            <h3 className="card-subtitle">{t('common:dashboard.recent_referrals')}</h3>
            {recent.length === 0 ? (
              <p className="muted">{t('referrals.empty_title')}</p>
            ) : (
              <ul className="recent-referrals">
                {recent.map((referral) => (
                  <li key={referral.id} data-referral={referral.id}>
                    <span className="recent-referral-email">{referral.email}</span>
                    <span className="muted">{formatDate(referral.joinedAt, language)}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        );
      }}
    </DashboardCard>
  );
}
