import { useTranslation } from 'react-i18next';
import { billingApi } from '../../api/billing';
import { LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { PaymentFacts, PaymentFailed, PaymentFrame, useTransactionId } from './payment-outcome';
import '../../styles/billing.css';

/** Where the payment page sends a buyer who gave up: the pending order is marked cancelled. */
export function PaymentCancelPage() {
  const { t } = useTranslation('billing');
  const errorText = useAreaErrorText('billing');
  const transactionId = useTransactionId();
  const { state, reload } = useAsync(
    () => (transactionId ? billingApi.cancelPayment(transactionId) : Promise.resolve(null)),
    [transactionId],
  );

  if (!transactionId) return <PaymentFrame tone="error" icon="alert" title={t('errors.invalid_transaction')} />;
  if (state.status === 'loading')
    return (
      <PaymentFrame tone="neutral" icon="clock" title={t('payment.cancelling')}>
        <LoadingState />
      </PaymentFrame>
    );
  if (state.status === 'error')
    return <PaymentFailed title={errorText(state.error, 'errors.payment_cancel')} error={state.error} onRetry={reload} />;
  const payment = state.data!;
  const cancelled = payment.status === 'cancel';
  return (
    <PaymentFrame tone="neutral" icon={cancelled ? 'close' : 'alert'} title={t(`payment.outcome_${payment.status}`)} returnToPlans>
      <p>{cancelled ? t('payment.cancelled_hint') : t('payment.not_cancelled_hint')}</p>
      <PaymentFacts payment={payment} />
    </PaymentFrame>
  );
}
