import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminUser, AdminUserUpdateRequest } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { useAsync } from '../../../hooks/use-async';
import { useAppStore } from '../../../store/app-store';
import { ListView } from '../list/list-view';
import { useAdminAction } from '../list/use-admin-action';
import { pageQuery, useAdminList } from '../list/use-admin-list';
import { useRowUpdates } from '../list/use-row-updates';
import { UsersTable } from './users-table';

/** /admin/users: every account, with status, role and plan changes. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const selfId = useAppStore((state) => state.user?.id ?? state.claims?.sub ?? null);
  const list = useAdminList((query, signal) => adminApi.users(pageQuery(query), signal));
  const plans = useAsync((signal) => adminApi.plans(signal).then((body) => body.plans), []);
  const rows = useRowUpdates<AdminUser>();
  const action = useAdminAction();
  const [disabling, setDisabling] = useState<AdminUser | null>(null);

  const change = (user: AdminUser, changes: AdminUserUpdateRequest) =>
    action.run(user.id, 'errors.user_update', async () => {
      const updated = await adminApi.updateUser(user.id, changes);
      rows.replace(updated);
      toast.success(t('users.updated', { email: updated.email }));
      setDisabling(null);
    });

  return (
    <div className="page">
      <PageHeader title={t('users.title')} description={t('users.description')} />
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
            plans={plans.state.status === 'ready' ? plans.state.data : []}
            selfId={selfId}
            busyId={action.busy}
            onChange={(user, changes) => void change(user, changes)}
            onDisable={setDisabling}
          />
        )}
      </ListView>
      {disabling && (
        <ConfirmDialog
          title={t('users.disable_title')}
          message={t('users.disable_message', { email: disabling.email })}
          confirmLabel={t('users.disable')}
          danger
          busy={action.busy === disabling.id}
          onConfirm={() => void change(disabling, { status: 'inactive' })}
          onCancel={() => setDisabling(null)}
        />
      )}
    </div>
  );
}
