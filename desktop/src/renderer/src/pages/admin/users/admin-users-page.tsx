import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminPlan, AdminUser, AdminUserUpdateRequest } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { useAsync } from '../../../hooks/use-async';
import { currentLanguage } from '../../../lib/i18n';
import { formatBytes } from '../../../lib/units';
import { useAppStore } from '../../../store/app-store';
import { ListView } from '../list/list-view';
import { useAdminAction } from '../list/use-admin-action';
import { pageQuery, useAdminList } from '../list/use-admin-list';
import { useRowUpdates } from '../list/use-row-updates';
import { AdminSecurityCard } from './admin-security-card';
import { UsersTable } from './users-table';

/** /admin/users: every account, with status, role and plan changes. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const selfId = useAppStore((state) => state.user?.id ?? state.claims?.sub ?? null);
  const list = useAdminList((query, signal) => adminApi.users(pageQuery(query), signal));
  const plans = useAsync((signal) => adminApi.plans(signal).then((body) => body.plans), []);
  const rows = useRowUpdates<AdminUser>();
  const action = useAdminAction();
  // A change that takes access or storage away or gives it (disable, role, plan) waits for a yes.
  const [pending, setPending] = useState<{ user: AdminUser; changes: AdminUserUpdateRequest } | null>(null);
  const planList = plans.state.status === 'ready' ? plans.state.data : [];

  const change = (user: AdminUser, changes: AdminUserUpdateRequest) =>
    action.run(user.id, 'errors.user_update', async () => {
      const updated = await adminApi.updateUser(user.id, changes);
      rows.replace(updated);
      toast.success(t('users.updated', { email: updated.email }));
      setPending(null);
    });

  /** What the confirmation says for each kind of change. */
  function confirmation(user: AdminUser, changes: AdminUserUpdateRequest, all: AdminPlan[]) {
    if (changes.role) {
      return {
        title: t('users.role_title'),
        message: t(changes.role === 'admin' ? 'users.role_to_admin' : 'users.role_to_user', { email: user.email }),
        confirmLabel: t('users.role_confirm'),
        danger: changes.role === 'admin',
      };
    }
    if (changes.planCode) {
      const name = (code: string) => all.find((plan) => plan.code === code)?.name ?? code;
      const target = all.find((plan) => plan.code === changes.planCode);
      return {
        title: t('users.plan_title'),
        message: t('users.plan_message', {
          email: user.email,
          from: name(user.planCode),
          to: name(changes.planCode),
          size: target ? formatBytes(target.storageLimitBytes, currentLanguage()) : '?',
        }),
        confirmLabel: t('users.plan_confirm'),
      };
    }
    return {
      title: t('users.disable_title'),
      message: t('users.disable_message', { email: user.email }),
      confirmLabel: t('users.disable'),
      danger: true,
    };
  }

  return (
    <div className="page">
      <PageHeader title={t('users.title')} description={t('users.description')} />
      <AdminSecurityCard />
      <ListView
        list={list}
        label={t('users.title')}
        searchLabel={t('users.search')}
        items={rows.apply(list.data?.users)}
        errorKey="errors.users_load"
        emptyTitle={t('users.empty')}
        emptyIcon="referrals"
      >
        {(items) => (
          <UsersTable
            users={items}
            plans={planList}
            selfId={selfId}
            busyId={action.busy}
            onChange={(user, changes) => (changes.status === 'active' ? void change(user, changes) : setPending({ user, changes }))}
            onDisable={(user) => setPending({ user, changes: { status: 'inactive' } })}
          />
        )}
      </ListView>
      {pending && (
        <ConfirmDialog
          {...confirmation(pending.user, pending.changes, planList)}
          busy={action.busy === pending.user.id}
          onConfirm={() => void change(pending.user, pending.changes)}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
}
