import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { adminApi } from '../../../api/admin';
import { EmailText } from '../../../components/email-text';
import { PageHeader } from '../../../components/page-header';
import { ProgressBar } from '../../../components/progress-bar';
import { ErrorState, LoadingState } from '../../../components/states';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { useAsync } from '../../../hooks/use-async';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatBytes } from '../../../lib/units';
import { BonusGrantDialog } from './bonus-grant-dialog';
import { UserActivity } from './user-activity';

/** /admin/users/:id: one account in full, and a bonus storage grant. */
export function AdminUserPage() {
  const { t } = useTranslation(['admin', 'common']);
  const errorText = useAreaErrorText('admin');
  const language = currentLanguage();
  const { id = '' } = useParams();
  const { state, reload } = useAsync((signal) => adminApi.user(id, signal), [id]);
  const [granting, setGranting] = useState(false);
  const back = (
    <Link to="/admin/users" className="btn btn-secondary">
      {t('user.back')}
    </Link>
  );

  if (state.status !== 'ready') {
    return (
      <div className="page">
        <PageHeader title={t('user.title')} actions={back} />
        <section className="card">
          {state.status === 'error' ? (
            <ErrorState message={errorText(state.error, 'errors.user_load')} onRetry={reload} />
          ) : (
            <LoadingState />
          )}
        </section>
      </div>
    );
  }

  const { user, plan } = state.data;
  const name = `${user.name} ${user.lastname}`.trim() || user.email;
  const share = user.storageLimit > 0 ? user.storageUsed / user.storageLimit : 1;
  const facts: Array<[string, React.ReactNode]> = [
    [t('user.email'), <EmailText key="email" email={user.email} />],
    [t('columns.status'), t(`users.status_${user.status}`)],
    [t('columns.role'), t(`users.role_${user.role}`)],
    [t('user.country'), user.country],
    [t('user.language'), t(`common:languages.${user.language}`, { defaultValue: user.language })],
    [t('columns.joined'), formatDate(user.createdAt, language)],
    [t('columns.last_active'), user.lastActiveAt ? formatDateTime(user.lastActiveAt, language) : t('user.never')],
    [t('user.referral_code'), <code key="code">{user.referralCode}</code>],
    [t('columns.referrer'), user.referredBy ? <EmailText key="referrer" email={user.referredBy.email} /> : t('user.nobody')],
  ];

  return (
    <div className="page admin-user-page">
      <PageHeader title={name} description={user.email} actions={back} />
      <div className="admin-user-grid">
        <section className="card" aria-labelledby="user-profile">
          <h2 id="user-profile">{t('user.profile')}</h2>
          <dl className="facts">
            {facts.map(([label, value]) => (
              <div key={label} className="fact">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="card" aria-labelledby="user-plan" data-section="plan">
          <h2 id="user-plan">{t('user.plan_usage')}</h2>
          <p className="cell-strong">{plan.name}</p>
          <p>{t('users.used_of', { used: formatBytes(user.storageUsed, language), limit: formatBytes(user.storageLimit, language) })}</p>
          <ProgressBar value={share} label={t('user.plan_usage')} tone={share >= 1 ? 'danger' : share >= 0.9 ? 'warning' : 'accent'} />
          <dl className="facts">
            <div className="fact">
              <dt>{t('user.bonus')}</dt>
              <dd data-field="bonus">{formatBytes(user.bonusBytes, language)}</dd>
            </div>
            <div className="fact">
              <dt>{t('user.files_count')}</dt>
              <dd>{user.filesCount.toLocaleString(language)}</dd>
            </div>
          </dl>
          <button type="button" className="btn btn-primary" onClick={() => setGranting(true)}>
            {t('user.bonus_grant')}
          </button>
        </section>
      </div>
      <UserActivity detail={state.data} />
      {granting && (
        <BonusGrantDialog
          user={user}
          onClose={() => setGranting(false)}
          onGranted={(updated) => {
            setGranting(false);
            toast.success(t('user.bonus_granted', { email: updated.email, size: formatBytes(updated.bonusBytes, language) }));
            reload();
          }}
        />
      )}
    </div>
  );
}
