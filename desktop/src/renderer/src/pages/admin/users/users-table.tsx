import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminPlan, AdminUser, AdminUserUpdateRequest } from '@cairn/shared/api-types';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime, formatShortDate } from '../../../lib/format';
import { formatBytes } from '../../../lib/units';
import { AdminTable } from '../list/admin-table';
import { EmailText } from '../../../components/email-text';

interface UsersTableProps {
  users: AdminUser[];
  plans: AdminPlan[];
  selfId: string | null;
  busyId: string | null;
  onChange(user: AdminUser, changes: AdminUserUpdateRequest): void;
  onDisable(user: AdminUser): void;
}

/**
 * Accounts with their status (and two-factor sign-in, when on) beside the name, role and plan as selects, and enable/disable; the
 * page confirms each change but enabling. Dates are in digits (the time in their tooltip) so the
 * table stays a table at 1280 px in every language.
 */
export function UsersTable({ users, plans, selfId, busyId, onChange, onDisable }: UsersTableProps) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  return (
    <AdminTable
      caption={t('users.title')}
      columns={['user', 'role', 'plan', 'storage', 'joined', 'last_active']}
      actions
      className="users-table"
    >
      {users.map((user) => {
        const self = user.id === selfId;
        const busy = busyId === user.id;
        const percent = user.storageLimit > 0 ? Math.min(100, (user.storageUsed / user.storageLimit) * 100) : 100;
        // The plan select lists every plan (inactive ones too) and always the user's own.
        const choices = plans.some((plan) => plan.code === user.planCode)
          ? plans
          : [{ code: user.planCode, name: user.planCode } as AdminPlan, ...plans];
        return (
          <tr key={user.id} data-user={user.email}>
            <td data-label={t('columns.user')}>
              <span className="stacked">
                <span className="user-cell-name">
                  <Link to={`/admin/users/${encodeURIComponent(user.id)}`} className="cell-strong">
                    {`${user.name} ${user.lastname}`.trim() || user.email}
                  </Link>
                  <span className={`badge ${user.status === 'active' ? 'badge-active' : 'badge-revoked'}`}>
                    {t(`users.status_${user.status}`)}
                  </span>
                  {user.twoFactorEnabled && <span className="badge badge-info">{t('users.two_factor_on')}</span>}
                </span>
                <span className="muted cell-email">
                  <EmailText email={user.email} />
                </span>
              </span>
            </td>
            <td data-label={t('columns.role')}>
              <select
                className="cell-select"
                value={user.role}
                disabled={busy || self}
                aria-label={t('users.role_for', { email: user.email })}
                onChange={(event) => onChange(user, { role: event.target.value as AdminUser['role'] })}
              >
                <option value="user">{t('users.role_user')}</option>
                <option value="admin">{t('users.role_admin')}</option>
              </select>
            </td>
            <td data-label={t('columns.plan')}>
              <select
                className="cell-select"
                value={user.planCode}
                disabled={busy || plans.length === 0}
                aria-label={t('users.plan_for', { email: user.email })}
                onChange={(event) => onChange(user, { planCode: event.target.value })}
              >
                {choices.map((plan) => (
                  <option key={plan.code} value={plan.code}>
                    {plan.active === false ? t('users.plan_inactive', { name: plan.name }) : plan.name}
                  </option>
                ))}
              </select>
            </td>
            <td data-label={t('columns.storage')}>
              <span className="usage-cell">
                <span>
                  {t('users.used_of', { used: formatBytes(user.storageUsed, language), limit: formatBytes(user.storageLimit, language) })}
                </span>
                <span className="mini-meter" aria-hidden="true">
                  <span style={{ width: `${percent}%` }} className={percent >= 90 ? 'high' : undefined} />
                </span>
              </span>
            </td>
            <td data-label={t('columns.joined')} className="nowrap">
              <time dateTime={user.createdAt} title={formatDateTime(user.createdAt, language)}>
                {formatShortDate(user.createdAt, language)}
              </time>
            </td>
            <td data-label={t('columns.last_active')} className="nowrap">
              {user.lastActiveAt ? (
                <time dateTime={user.lastActiveAt} title={formatDateTime(user.lastActiveAt, language)}>
                  {formatShortDate(user.lastActiveAt, language)}
                </time>
              ) : (
                t('labels.never')
              )}
            </td>
            <td className="cell-actions">
              {user.status === 'active' ? (
                <button
                  type="button"
                  className="btn btn-danger-ghost btn-small"
                  disabled={busy || self}
                  onClick={() => onDisable(user)}
                  aria-label={t('users.disable_named', { email: user.email })}
                  title={self ? t('users.self_hint') : undefined}
                >
                  {t('users.disable')}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={busy}
                  onClick={() => onChange(user, { status: 'active' })}
                  aria-label={t('users.enable_named', { email: user.email })}
                >
                  {t('users.enable')}
                </button>
              )}
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
