import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@cairn/shared/api-types';
import { billingApi } from '../../api/billing';
import { contentApi } from '../../api/content';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { CheckoutDialog } from './checkout-dialog';
import { PlanCard } from './plan-card';
import { byPriceAndStorage } from './plan-order';
import '../../styles/billing.css';

/** Available plans, the current one, and the change: confirmation, terms, payment method. */
export function PlansPage() {
  const { t } = useTranslation('billing');
  const errorText = useAreaErrorText('billing');
  const language = currentLanguage();
  // Plans come in the account's language: read them again when it changes.
  const { state, reload } = useAsync(
    (signal) => Promise.all([billingApi.plans(signal), contentApi.usage(signal).catch(() => null)]),
    [language],
  );
  const [selected, setSelected] = useState<Plan | null>(null);
  const [paymentsDown, setPaymentsDown] = useState(false);

  const onChanged = (plan: Plan) => {
    setSelected(null);
    toast.success(t('plans.changed', { name: plan.name }));
    reload();
  };

  const header = <PageHeader title={t('plans.title')} description={t('plans.description')} />;
  if (state.status === 'loading')
    return (
      <div className="page">
        {header}
        <LoadingState />
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="page">
        {header}
        <section className="card">
          <ErrorState message={errorText(state.error, 'errors.plans_load')} onRetry={reload} />
        </section>
      </div>
    );

  const [overview, usage] = state.data;
  const current = overview.plans.find((plan) => plan.code === overview.currentPlanCode);
  const paymentsConfigured = overview.paymentsConfigured && !paymentsDown;
  const plans = byPriceAndStorage(overview.plans);

  return (
    <div className="page">
      {header}
      {!paymentsConfigured && (
        <div className="alert alert-warning" role="status" data-alert="payments-not-configured">
          <Icon name="alert" size={16} />
          <span>{t('errors.payments_not_configured')}</span>
        </div>
      )}
      <section className="card current-plan" aria-labelledby="current-plan-title">
        <h2 id="current-plan-title">{t('plans.current_title')}</h2>
        <dl className="facts">
          <dt>{t('plans.current_plan')}</dt>
          <dd data-field="current-plan">{current?.name ?? overview.currentPlanCode}</dd>
          {usage && (
            <>
              <dt>{t('plans.plan_storage')}</dt>
              <dd>{formatBytes(usage.planLimit, language)}</dd>
              <dt>{t('plans.referral_bonus')}</dt>
              <dd>{formatBytes(usage.bonus, language)}</dd>
              <dt>{t('plans.total_limit')}</dt>
              <dd data-field="total-limit">
                {t('plans.used_of', { used: formatBytes(usage.used, language), limit: formatBytes(usage.limit, language) })}
              </dd>
            </>
          )}
        </dl>
      </section>
      {plans.length === 0 ? (
        <section className="card">
          <EmptyState title={t('plans.empty')} icon="plans" />
        </section>
      ) : (
        <div className="plan-grid">
          {plans.map((plan) => (
            <PlanCard
              key={plan.code}
              plan={plan}
              current={plan.code === overview.currentPlanCode}
              paymentsConfigured={paymentsConfigured}
              onSelect={setSelected}
            />
          ))}
        </div>
      )}
      {selected && (
        <CheckoutDialog
          plan={selected}
          currentLimitBytes={current?.storageLimitBytes ?? null}
          paymentsConfigured={paymentsConfigured}
          cryptoAvailable={overview.cryptoAvailable}
          onClose={() => setSelected(null)}
          onChanged={onChanged}
          onPaymentsUnavailable={() => setPaymentsDown(true)}
        />
      )}
    </div>
  );
}
