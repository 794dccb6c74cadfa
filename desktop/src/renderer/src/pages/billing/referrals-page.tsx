import { bytesToMb, REFERRAL_SIGNUP_BONUS_BYTES, REFERRER_BONUS_BYTES, REFERRER_PAID_SHARE } from '@cairn/shared';
import { useTranslation } from 'react-i18next';
import { billingApi } from '../../api/billing';
import { CopyButton } from '../../components/copy-button';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { currentLanguage } from '../../lib/i18n';
import { formatMegabytes, formatNumber } from '../../lib/units';
import { ReferredUsersTable } from './referred-users-table';
import '../../styles/billing.css';
import { numberLocale } from '../../lib/intl-locale';

/** A value to share: read-only (selected whole on focus), with a copy button. */
function CopyField({ id, label, value, copyLabel }: { id: string; label: string; value: string; copyLabel: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="secret-box">
        <input id={id} className="mono" readOnly value={value} onFocus={(event) => event.target.select()} />
        <CopyButton text={value} label={copyLabel} />
      </div>
    </div>
  );
}

/** The user's referral code and link, what they earned, and the people who joined with it. */
export function ReferralsPage() {
  const { t } = useTranslation('billing');
  const errorText = useAreaErrorText('billing');
  const language = currentLanguage();
  const { state, reload } = useAsync((signal) => billingApi.referrals(signal), []);
  const header = <PageHeader title={t('referrals.title')} description={t('referrals.description')} />;

  if (state.status !== 'ready')
    return (
      <div className="page">
        {header}
        {state.status === 'loading' ? (
          <LoadingState />
        ) : (
          <section className="card">
            <ErrorState message={errorText(state.error, 'errors.referrals_load')} onRetry={reload} />
          </section>
        )}
      </div>
    );

  const summary = state.data;
  const totals = [
    { key: 'total', value: formatNumber(summary.totalReferrals, language) },
    { key: 'active', value: formatNumber(summary.activeReferrals, language) },
    { key: 'earned', value: formatMegabytes(summary.totalEarnedMb, language) },
    { key: 'bonus', value: formatMegabytes(summary.currentBonusMb, language) },
  ];
  return (
    <div className="page">
      {header}
      <section className="card" aria-labelledby="referral-share-title">
        <div>
          <h2 id="referral-share-title">{t('referrals.share_title')}</h2>
          <p className="card-description">
            {t('referrals.how_it_works', {
              friend: formatMegabytes(bytesToMb(REFERRAL_SIGNUP_BONUS_BYTES), language),
              you: formatMegabytes(bytesToMb(REFERRER_BONUS_BYTES), language),
              share: new Intl.NumberFormat(numberLocale(language), { style: 'percent' }).format(REFERRER_PAID_SHARE),
            })}
          </p>
        </div>
        <div className="referral-share">
          <CopyField id="referral-code" label={t('referrals.code')} value={summary.code} copyLabel={t('referrals.copy_code')} />
          <CopyField id="referral-link" label={t('referrals.link')} value={summary.link} copyLabel={t('referrals.copy_link')} />
        </div>
      </section>
      <section aria-label={t('referrals.totals')} className="stat-grid">
        {totals.map((item) => (
          <div key={item.key} className="card stat-card" data-stat={item.key}>
            <span className="stat-label">{t(`referrals.stat_${item.key}`)}</span>
            <span className="stat-value">{item.value}</span>
          </div>
        ))}
      </section>
      <section className="card" aria-labelledby="referred-title">
        <h2 id="referred-title">{t('referrals.list_title')}</h2>
        {summary.referrals.length === 0 ? (
          <EmptyState title={t('referrals.empty_title')} message={t('referrals.empty_message')} icon="referrals" />
        ) : (
          <ReferredUsersTable referrals={summary.referrals} />
        )}
      </section>
    </div>
  );
}
