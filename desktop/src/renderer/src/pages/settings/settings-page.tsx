import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/states';
import { useAsync } from '../../hooks/use-async';
import { useErrorText } from '../../hooks/use-error-text';
import { useAppStore } from '../../store/app-store';
import { loadProfile } from '../../store/session-actions';
import { ServerSettingsCard } from '../desktop/server-settings-card';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { S3KeysPanel } from './s3-keys-panel';
import { TokensPanel } from './tokens-panel';
import { TwoFactorCard } from './two-factor-card';
import { WebhooksPanel } from './webhooks-panel';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const user = useAppStore((state) => state.user);
  // The shell loads the profile at sign-in; this covers a failed or slow first load.
  const { state, reload } = useAsync((signal) => (user ? Promise.resolve() : loadProfile(signal)), []);

  return (
    <div className="page">
      <PageHeader title={t('title')} description={t('description')} />
      <section className="card" aria-labelledby="profile-title">
        <div className="card-header">
          <div>
            <h2 id="profile-title">{t('profile.title')}</h2>
            <p className="card-description">{t('profile.description')}</p>
          </div>
        </div>
        {user ? (
          <ProfileForm key={user.id} user={user} />
        ) : state.status === 'error' ? (
          <ErrorState message={errorText(state.error, 'errors.profile_load')} onRetry={reload} />
        ) : (
          <LoadingState />
        )}
      </section>
      <section className="card" aria-labelledby="password-title">
        <div className="card-header">
          <div>
            <h2 id="password-title">{t('password.title')}</h2>
            <p className="card-description">{t('password.description')}</p>
          </div>
        </div>
        <PasswordForm />
      </section>
      <TwoFactorCard />
      <TokensPanel />
      <WebhooksPanel />
      <S3KeysPanel />
      <ServerSettingsCard />
    </div>
  );
}

export function TokensPage() {
  const { t } = useTranslation('settings');
  return (
    <div className="page">
      <PageHeader title={t('tokens.page_title')} description={t('tokens.page_description')} />
      <TokensPanel standalone />
    </div>
  );
}

export function WebhooksPage() {
  const { t } = useTranslation('settings');
  return (
    <div className="page">
      <PageHeader title={t('webhooks.page_title')} description={t('webhooks.page_description')} />
      <WebhooksPanel standalone />
    </div>
  );
}

export function S3KeysPage() {
  const { t } = useTranslation('settings');
  return (
    <div className="page">
      <PageHeader title={t('s3_keys.page_title')} description={t('s3_keys.page_description')} />
      <S3KeysPanel standalone />
    </div>
  );
}
