import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Payment } from '@cairn/shared/api-types';
import { billingApi } from '../../api/billing';
import { contentApi } from '../../api/content';
import { LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { PaymentFacts, PaymentFailed, PaymentFrame, useTransactionId } from './payment-outcome';
import { isUnsettled, pollPayment } from './payment-poll';
import '../../styles/billing.css';

/** About 15 seconds of waiting for the payment provider's confirmation before offering a retry. */
const POLL = { attempts: 8, intervalMs: 2000 };

/**
 * Where the payment page sends the buyer back. Asks the server for the order (which checks with
 * the payment provider and applies the plan once) until it settles, then shows the new plan and limit.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation('billing');
  const errorText = useAreaErrorText('billing');
  const language = currentLanguage();
  const transactionId = useTransactionId();
  const [latest, setLatest] = useState<Payment | null>(null);
  const { state, reload } = useAsync(
    async (signal) => {
      if (!transactionId) return null;
      const payment = await pollPayment((s) => billingApi.payment(transactionId, s), { ...POLL, signal, onUpdate: setLatest });
      const usage = payment.applied ? await contentApi.usage(signal).catch(() => null) : null;
      return { payment, usage };
    },
    [transactionId],
  );

  if (!transactionId) return <PaymentFrame tone="error" icon="alert" title={t('errors.invalid_transaction')} />;
  if (state.status === 'loading')
    return (
      <PaymentFrame tone="neutral" icon="clock" title={t('payment.verifying')}>
        <LoadingState label={latest ? t(`payment.status_${latest.status}`) : t('payment.verifying_hint')} />
      </PaymentFrame>
    );
  if (state.status === 'error')
    return <PaymentFailed title={errorText(state.error, 'errors.payment_verify')} error={state.error} onRetry={reload} />;

  const { payment, usage } = state.data!;
  if (payment.status === 'paid' && payment.applied)
    return (
      <PaymentFrame
        tone="success"
        icon="check"
        title={t('payment.success_title')}
        returnToPlans
        actions={
          <Link to="/usage" className="btn btn-primary">
            {t('payment.see_usage')}
          </Link>
        }
      >
        <p data-field="applied-plan">{t('payment.applied', { name: payment.plan?.name ?? payment.planCode })}</p>
        {(usage || payment.plan) && (
          <p className="payment-limit" data-field="new-limit">
            {t('payment.new_limit', { size: formatBytes(usage?.limit ?? payment.plan?.storageLimitBytes ?? 0, language) })}
          </p>
        )}
        <PaymentFacts payment={payment} />
      </PaymentFrame>
    );
  if (isUnsettled(payment))
    return (
      <PaymentFrame
        tone="neutral"
        icon="clock"
        title={t('payment.still_pending')}
        actions={
          <button type="button" className="btn btn-primary" onClick={reload}>
            {t('payment.check_again')}
          </button>
        }
      >
        <p>{t('payment.still_pending_hint')}</p>
        <PaymentFacts payment={payment} />
      </PaymentFrame>
    );
  return (
    <PaymentFrame tone="error" icon="alert" title={t(`payment.outcome_${payment.status}`)} returnToPlans>
      <p>{t('payment.not_changed')}</p>
      <PaymentFacts payment={payment} />
    </PaymentFrame>
  );
}
