import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CopyButton } from '../components/copy-button';
import { Icon, type IconName } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { ErrorState, LoadingState } from '../components/states';
import { useAsync } from '../hooks/use-async';
import { useErrorText } from '../hooks/use-error-text';
import { formatDate } from '../lib/format';
import { currentLanguage } from '../lib/i18n';
import { useAppStore } from '../store/app-store';
import { RecentUploads } from './dashboard/recent-uploads';
import { ReferralCard } from './dashboard/referral-card';
import { UsageCard } from './dashboard/usage-card';
import { loadProfile } from '../store/session-actions';

const QUICK_ACTIONS: readonly { key: string; to: string; icon: IconName }[] = [
  { key: 'upload', to: '/upload', icon: 'upload' },
  { key: 'pin', to: '/pin', icon: 'pin' },
  { key: 'files', to: '/files', icon: 'files' },
  { key: 'tokens', to: '/settings/tokens', icon: 'key' },
];

/** Welcome, quick actions, the account summary, storage usage, the latest uploads and the referral summary. */
export function DashboardPage() {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const user = useAppStore((state) => state.user);
  const { state, reload } = useAsync((signal) => (user ? Promise.resolve() : loadProfile(signal)), []);

  return (
    <div className="page">
      <PageHeader
        title={user ? t('dashboard.welcome', { name: user.name }) : t('nav.dashboard')}
        description={t('dashboard.description')}
      />
      <div className="grid grid-4">
        {QUICK_ACTIONS.map((action) => (
          <Link key={action.key} to={action.to} className="card quick-action">
            <span className="quick-icon">
              <Icon name={action.icon} />
            </span>
            <span className="quick-title">{t(`dashboard.actions.${action.key}`)}</span>
            <span className="quick-text">{t(`dashboard.actions.${action.key}_text`)}</span>
          </Link>
        ))}
      </div>
      <div className="grid grid-2">
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">{t('dashboard.account')}</h2>
          {user ? (
            <dl className="facts">
              <dt>{t('fields.email')}</dt>
              <dd>{user.email}</dd>
              <dt>{t('dashboard.member_since')}</dt>
              <dd>{formatDate(user.createdAt, currentLanguage())}</dd>
              <dt>{t('fields.referral_code')}</dt>
              <dd className="inline-copy">
                <code>{user.referralCode}</code>
                <CopyButton text={user.referralCode} label={t('dashboard.copy_referral')} compact />
              </dd>
            </dl>
          ) : state.status === 'error' ? (
            <ErrorState message={errorText(state.error, 'errors.profile_load')} onRetry={reload} />
          ) : (
            <LoadingState />
          )}
        </section>
        <UsageCard />
      </div>
      <RecentUploads />
      <ReferralCard />
    </div>
  );
}
