import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminPlan } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { useAsync } from '../../../hooks/use-async';
import { ListStates } from '../list/list-states';
import { useAdminAction } from '../list/use-admin-action';
import { PlanFormDialog } from './plan-form-dialog';
import { PlansTable } from './plans-table';

/** /admin/plans: the plan catalogue, with create, edit, (de)activate and delete. */
export function AdminPlansPage() {
  const { t } = useTranslation('admin');
  const { state, reload } = useAsync((signal) => adminApi.plans(signal).then((body) => body.plans), []);
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const action = useAdminAction();

  const toggle = (plan: AdminPlan) =>
    action.run(plan.code, 'errors.plan_save', async () => {
      const saved = await adminApi.updatePlan(plan.code, { active: !plan.active });
      toast.success(saved.active ? t('plans.activated', { name: saved.name }) : t('plans.deactivated', { name: saved.name }));
      reload();
    });

  // A plan that cannot go (accounts or orders still use it) says why in an alert that stays.
  const remove = (plan: AdminPlan) => {
    setDeleteError(null);
    return action.run(
      plan.code,
      'errors.plan_delete',
      async () => {
        await adminApi.deletePlan(plan.code);
        toast.success(t('plans.deleted', { name: plan.name }));
        setDeleting(null);
        reload();
      },
      (message) => {
        setDeleteError(message);
        setDeleting(null);
      },
    );
  };

  return (
    <div className="page">
      <PageHeader
        title={t('plans.title')}
        description={t('plans.description')}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('plans.new')}
          </button>
        }
      />
      {deleteError && (
        <div className="alert alert-error" role="alert" data-alert="plan-delete">
          <span>{deleteError}</span>
          <button
            type="button"
            className="icon-btn alert-close"
            onClick={() => setDeleteError(null)}
            aria-label={t('common:actions.close')}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      <section className="card admin-list" aria-label={t('plans.title')}>
        <ListStates
          items={state.status === 'ready' ? state.data : null}
          error={state.status === 'error' ? state.error : null}
          reload={reload}
          errorKey="errors.plans_load"
          emptyTitle={t('plans.empty')}
          emptyIcon="plans"
        >
          {(plans) => (
            <PlansTable
              plans={plans}
              busyCode={action.busy}
              onEdit={setEditing}
              onToggle={(plan) => void toggle(plan)}
              onDelete={setDeleting}
            />
          )}
        </ListStates>
      </section>
      {editing && (
        <PlanFormDialog
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            toast.success(editing === 'new' ? t('plans.created', { name: saved.name }) : t('plans.saved', { name: saved.name }));
            setEditing(null);
            reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('plans.delete_title')}
          message={t('plans.delete_message', { name: deleting.name })}
          confirmLabel={t('plans.delete')}
          danger
          busy={action.busy === deleting.code}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
