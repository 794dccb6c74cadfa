import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import type { AdminUser, AdminUserUpdate } from '../../../api/admin-types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { useAsync } from '../../../hooks/use-async';
import { useAppStore } from '../../../store/app-store';
import { ListSearch } from '../list/list-search';
import { ListView } from '../list/list-view';
import { pageQuery, useAdminList } from '../list/use-admin-list';
import { UsersTable } from './users-table';

/** /admin/users: every account, with status, role and plan changes. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const errorText = useAreaErrorText('admin');
  const selfId = useAppStore((state) => state.user?.id ?? state.claims?.sub ?? null);
  const list = useAdminList((query, signal) => adminApi.users(pageQuery(query), signal));
  const plans = useAsync((signal) => adminApi.plans(signal).then((body) => body.plans), []);
  const [overrides, setOverrides] = useState<Record<string, AdminUser>>({});
  const [busyId, setBusyId] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<AdminUser | null>(null);

  const change = async (user: AdminUser, changes: AdminUserUpdate) => {
    setBusyId(user.id);
    try {
      const updated = await adminApi.updateUser(user.id, changes);
      setOverrides((previous) => ({ ...previous, [updated.id]: updated }));
      toast.success(t('users.updated', { email: updated.email }));
      setDisabling(null);
    } catch (error) {
      toast.error(errorText(error, 'errors.user_update'));
    } finally {
      setBusyId(null);
    }
  };

  const users = list.data?.users.map((user) => overrides[user.id] ?? user) ?? null;
  return (
    <div className="page">
      <PageHeader title={t('users.title')} description={t('users.description')} />
      <section className="card admin-list" aria-label={t('users.title')}>
        <div className="list-toolbar">
          <ListSearch value={list.query.search} label={t('users.search')} onSearch={(search) => list.update({ search })} />
        </div>
        <ListView
          {...list}
          items={users}
          total={list.data?.total ?? 0}
          errorKey="errors.users_load"
          emptyTitle={list.query.search ? t('list.no_match') : t('users.empty')}
          emptyIcon="referrals"
        >
          {(items) => (
            <UsersTable
              users={items}
              plans={plans.state.status === 'ready' ? plans.state.data : []}
              selfId={selfId}
              busyId={busyId}
              onChange={(user, changes) => void change(user, changes)}
              onDisable={setDisabling}
            />
          )}
        </ListView>
      </section>
      {disabling && (
        <ConfirmDialog
          title={t('users.disable_title')}
          message={t('users.disable_message', { email: disabling.email })}
          confirmLabel={t('users.disable')}
          danger
          busy={busyId === disabling.id}
          onConfirm={() => void change(disabling, { status: 'inactive' })}
          onCancel={() => setDisabling(null)}
        />
      )}
    </div>
  );
}
