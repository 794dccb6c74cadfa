import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Payment } from '@cairn/shared/api-types';
import { Icon, type IconName } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { currentLanguage } from '../../lib/i18n';
import { formatDateTime } from '../../lib/format';
import { formatEur } from '../../lib/units';
import { ApiError } from '../../lib/api-client';

/** Transaction ids are opaque to the UI; anything else in the address is refused before asking. */
const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The `transactionId` of the return address, or null when it is missing or malformed. */
export function useTransactionId(): string | null {
  const [params] = useSearchParams();
  // The spec's return links spell it `transactionid`; the payment provider's, `transactionId`.
  const id = (params.get('transactionId') ?? params.get('transactionid'))?.trim() ?? '';
  return TRANSACTION_ID.test(id) ? id : null;
}

/** How long a settled outcome stays on screen before the Plans page comes back by itself. */
export const RETURN_AFTER_SECONDS = 10;

/** Counts down from RETURN_AFTER_SECONDS while `active`, then opens Plans; the remaining seconds, or null. */
function useReturnToPlans(active: boolean): number | null {
  const navigate = useNavigate();
  const [left, setLeft] = useState(RETURN_AFTER_SECONDS);
  useEffect(() => {
    if (!active) return;
    setLeft(RETURN_AFTER_SECONDS);
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = RETURN_AFTER_SECONDS - Math.floor((Date.now() - started) / 1000);
      if (remaining > 0) return setLeft(remaining);
      clearInterval(timer);
      void navigate('/plans', { replace: true });
    }, 250);
    return () => clearInterval(timer);
  }, [active, navigate]);
  return active ? left : null;
}

/**
 * The frame both return screens share: header, one card with an icon, and the way back to Plans.
 * A settled outcome (`returnToPlans`) goes back there by itself after a few seconds, as the button would.
 */
export function PaymentFrame({
  tone,
  icon,
  title,
  children,
  actions,
  returnToPlans = false,
}: {
  tone: 'success' | 'neutral' | 'error';
  icon: IconName;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  returnToPlans?: boolean;
}) {
  const { t } = useTranslation('billing');
  const secondsLeft = useReturnToPlans(returnToPlans);
  return (
    <div className="page">
      <PageHeader title={t('payment.title')} />
      <section className={`card payment-result payment-${tone}`} aria-labelledby="payment-result-title">
        <span className="state-icon">
          <Icon name={icon} size={22} />
        </span>
        <h2 id="payment-result-title">{title}</h2>
        {children}
        <div className="payment-actions">
          {actions}
          <Link to="/plans" className="btn btn-secondary">
            {t('payment.back_to_plans')}
          </Link>
        </div>
        {secondsLeft !== null && (
          <p className="muted payment-returning" data-field="returning">
            {t('payment.returning', { seconds: secondsLeft })}
          </p>
        )}
      </section>
    </div>
  );
}

/** An order this account does not have stays unknown however often it is asked for: no point retrying. */
export const isRetryable = (error: unknown) => !(error instanceof ApiError && error.code === 'invalid_transaction');

/** A return screen that could not reach its order: why, and a way to try again when trying again can help. */
export function PaymentFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry(): void }) {
  const { t } = useTranslation('billing');
  return (
    <PaymentFrame
      tone="error"
      icon="alert"
      title={title}
      actions={
        isRetryable(error) ? (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t('common:actions.retry')}
          </button>
        ) : undefined
      }
    />
  );
}

/** Order facts: plan, amount, dates, transaction id. */
export function PaymentFacts({ payment }: { payment: Payment }) {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  return (
    <dl className="facts payment-facts">
      <dt>{t('payment.plan')}</dt>
      <dd>{payment.plan?.name ?? payment.planCode}</dd>
      <dt>{t('payment.amount')}</dt>
      <dd>{formatEur(payment.amountEur, language)}</dd>
      <dt>{t('payment.status')}</dt>
      <dd>
        <span className={`badge badge-payment-${payment.status}`}>{t(`payment.status_${payment.status}`)}</span>
      </dd>
      <dt>{t('payment.created')}</dt>
      <dd>{formatDateTime(payment.createdAt, language)}</dd>
      {payment.paidAt && (
        <>
          <dt>{t('payment.paid_at')}</dt>
          <dd>{formatDateTime(payment.paidAt, language)}</dd>
        </>
      )}
      <dt>{t('payment.transaction')}</dt>
      <dd>
        <code>{payment.transactionId}</code>
      </dd>
    </dl>
  );
}
