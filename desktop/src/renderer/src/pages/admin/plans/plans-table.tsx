import { useTranslation } from 'react-i18next';
import type { AdminPlan } from '@cairn/shared/api-types';
import { currentLanguage } from '../../../lib/i18n';
import { formatBytes, formatEur, formatNumber } from '../../../lib/units';
import { AdminTable } from '../list/admin-table';

interface PlansTableProps {
  plans: AdminPlan[];
  busyCode: string | null;
  onEdit(plan: AdminPlan): void;
  onToggle(plan: AdminPlan): void;
  onDelete(plan: AdminPlan): void;
}

/** Every plan, inactive ones included, with how many accounts hold it. */
export function PlansTable({ plans, busyCode, onEdit, onToggle, onDelete }: PlansTableProps) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  return (
    <AdminTable caption={t('plans.title')} columns={['plan', 'storage', 'price', 'accounts', 'status']} actions>
      {plans.map((plan) => {
        const busy = busyCode === plan.code;
        return (
          <tr key={plan.code} data-plan={plan.code}>
            <td data-label={t('columns.plan')}>
              <span className="stacked">
                <span className="cell-strong">{plan.name}</span>
                <code className="muted">{plan.code}</code>
              </span>
            </td>
            <td data-label={t('columns.storage')} className="cell-number">
              {formatBytes(plan.storageLimitBytes, language)}
            </td>
            <td data-label={t('columns.price')}>
              {plan.priceMonthlyEur > 0 ? t('plans.per_month', { price: formatEur(plan.priceMonthlyEur, language) }) : t('plans.free')}
            </td>
            <td data-label={t('columns.accounts')}>{formatNumber(plan.usersCount, language)}</td>
            <td data-label={t('columns.status')}>
              <span className="badge-row">
                <span className={`badge${plan.active ? ' badge-active' : ''}`}>
                  {plan.active ? t('plans.active') : t('plans.inactive')}
                </span>
                {plan.isDefault && <span className="badge badge-info">{t('plans.default')}</span>}
              </span>
            </td>
            <td className="cell-actions">
              <span className="row-actions">
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => onEdit(plan)}
                  aria-label={t('plans.edit_named', { name: plan.name })}
                >
                  {t('plans.edit')}
                </button>
                {!plan.isDefault && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    onClick={() => onToggle(plan)}
                    disabled={busy}
                    aria-label={
                      plan.active ? t('plans.deactivate_named', { name: plan.name }) : t('plans.activate_named', { name: plan.name })
                    }
                  >
                    {plan.active ? t('plans.deactivate') : t('plans.activate')}
                  </button>
                )}
                {!plan.isDefault && (
                  <button
                    type="button"
                    className="btn btn-danger-ghost btn-small"
                    onClick={() => onDelete(plan)}
                    disabled={busy}
                    aria-label={t('plans.delete_named', { name: plan.name })}
                  >
                    {t('plans.delete')}
                  </button>
                )}
              </span>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
