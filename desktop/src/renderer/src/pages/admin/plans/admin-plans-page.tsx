import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import type { AdminPlan } from '../../../api/admin-types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { useAsync } from '../../../hooks/use-async';
import { PlanFormDialog } from './plan-form-dialog';
import { PlansTable } from './plans-table';

/** /admin/plans: the plan catalogue, with create, edit, (de)activate and delete. */
export function AdminPlansPage() {
  const { t } = useTranslation('admin');
  const errorText = useAreaErrorText('admin');
  const { state, reload } = useAsync((signal) => adminApi.plans(signal).then((body) => body.plans), []);
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);
  const [busyCode, setBusyCode] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const toggle = async (plan: AdminPlan) => {
    setBusyCode(plan.code);
    try {
      const saved = await adminApi.updatePlan(plan.code, { active: !plan.active });
      toast.success(saved.active ? t('plans.activated', { name: saved.name }) : t('plans.deactivated', { name: saved.name }));
      reload();
    } catch (error) {
      toast.error(errorText(error, 'errors.plan_save'));
    } finally {
      setBusyCode(null);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setDeleteError(null);
    setBusyCode(deleting.code);
    try {
      await adminApi.deletePlan(deleting.code);
      toast.success(t('plans.deleted', { name: deleting.name }));
      setDeleting(null);
      reload();
    } catch (error) {
      setDeleteError(errorText(error, 'errors.plan_delete'));
      setDeleting(null);
    } finally {
      setBusyCode(null);
    }
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
        {state.status === 'loading' && <LoadingState />}
        {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.plans_load')} onRetry={reload} />}
        {state.status === 'ready' && state.data.length === 0 && <EmptyState title={t('plans.empty')} icon="plans" />}
        {state.status === 'ready' && state.data.length > 0 && (
          <div className="table-wrap">
            <PlansTable
              plans={state.data}
              busyCode={busyCode}
              onEdit={setEditing}
              onToggle={(plan) => void toggle(plan)}
              onDelete={setDeleting}
            />
          </div>
        )}
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
          busy={busyCode === deleting.code}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
