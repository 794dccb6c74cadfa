import { useTranslation } from 'react-i18next';
import type { Plan } from '@cairn/shared/api-types';
import { Icon } from '../../components/icons';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes, formatEur } from '../../lib/units';

interface PlanCardProps {
  plan: Plan;
  current: boolean;
  /** False when this server cannot take payments: a paid plan then says so instead of offering a dead end. */
  paymentsConfigured: boolean;
  onSelect(plan: Plan): void;
}

/** One plan: storage, monthly price, description, and the button that starts the change. */
export function PlanCard({ plan, current, paymentsConfigured, onSelect }: PlanCardProps) {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  const titleId = `plan-${plan.code}-title`;
  const unavailableId = `plan-${plan.code}-unavailable`;
  const paid = plan.priceMonthlyEur > 0;
  return (
    <article className={`card plan-card${current ? ' current' : ''}`} aria-labelledby={titleId} data-plan={plan.code}>
      <div className="plan-card-top">
        <h2 id={titleId}>{plan.name}</h2>
        {current && <span className="badge badge-active">{t('plans.current_badge')}</span>}
      </div>
      <p className="plan-price">
        {/* A price, never the word "Free" again under a plan that may be called Free. */}
        <span className="plan-amount">{formatEur(plan.priceMonthlyEur, language)}</span>
        <span className="muted">{t('plans.month_suffix')}</span>
      </p>
      <p className="plan-storage">
        <Icon name="usage" size={16} />
        <span>{t('plans.storage', { size: formatBytes(plan.storageLimitBytes, language) })}</span>
      </p>
      {plan.description && <p className="plan-description">{plan.description}</p>}
      <div className="plan-card-action">
        {current ? (
          <button type="button" className="btn btn-secondary btn-block" disabled>
            {t('plans.current_badge')}
          </button>
        ) : paid && !paymentsConfigured ? (
          <>
            <p className="plan-unavailable" id={unavailableId} data-field="plan-unavailable">
              <Icon name="alert" size={14} />
              <span>{t('plans.unavailable_hint')}</span>
            </p>
            <button type="button" className="btn btn-secondary btn-block" disabled aria-describedby={unavailableId}>
              {t('plans.unavailable')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className={`btn btn-block ${paid ? 'btn-primary' : 'btn-secondary'}`}
            onClick={() => onSelect(plan)}
            aria-label={t('plans.select_named', { name: plan.name })}
          >
            {t('plans.select')}
          </button>
        )}
      </div>
    </article>
  );
}
