import { useTranslation } from 'react-i18next';
import type { Plan } from '@cairn/shared/api-types';
import { Icon } from '../../components/icons';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes, formatEur } from '../../lib/units';

/** One plan: storage, monthly price, description, and the button that starts the change. */
export function PlanCard({ plan, current, onSelect }: { plan: Plan; current: boolean; onSelect(plan: Plan): void }) {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  const titleId = `plan-${plan.code}-title`;
  return (
    <article className={`card plan-card${current ? ' current' : ''}`} aria-labelledby={titleId} data-plan={plan.code}>
      <div className="plan-card-top">
        <h2 id={titleId}>{plan.name}</h2>
        {current && <span className="badge badge-active">{t('plans.current_badge')}</span>}
      </div>
      <p className="plan-price">
        {plan.priceMonthlyEur > 0 ? (
          <>
            <span className="plan-amount">{formatEur(plan.priceMonthlyEur, language)}</span>
            <span className="muted">{t('plans.month_suffix')}</span>
          </>
        ) : (
          <span className="plan-amount">{t('plans.free')}</span>
        )}
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
        ) : (
          <button
            type="button"
            className={`btn btn-block ${plan.priceMonthlyEur > 0 ? 'btn-primary' : 'btn-secondary'}`}
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
