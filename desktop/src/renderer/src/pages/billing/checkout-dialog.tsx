import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutRequest, Plan } from '@cairn/shared/api-types';
import { billingApi } from '../../api/billing';
import { Icon } from '../../components/icons';
import { Modal } from '../../components/modal';
import { FormDialogActions } from '../../components/form-dialog-actions';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { ApiError } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes, formatEur } from '../../lib/units';
import { paymentRedirect } from './payment-redirect';
import { TermsDialog } from './terms-dialog';

interface CheckoutDialogProps {
  plan: Plan;
  /** The storage of the plan the account is on (null when unknown): only a smaller one is a downgrade. */
  currentLimitBytes: number | null;
  paymentsConfigured: boolean;
  cryptoAvailable: boolean;
  onClose(): void;
  /** The plan changed at once (a free plan). */
  onChanged(plan: Plan): void;
  /** The server said payments are not configured. */
  onPaymentsUnavailable(): void;
  /** Goes to the payment page (window.location in the app; replaceable in tests). */
  navigate?(url: string): void;
}

/**
 * Confirms a plan change: terms acceptance (with the terms one click away) and, for a paid plan,
 * the payment method. A paid plan continues on the payment page; a free plan changes at once.
 */
export function CheckoutDialog(props: CheckoutDialogProps) {
  const { plan, currentLimitBytes, paymentsConfigured, cryptoAvailable, onClose, onChanged, onPaymentsUnavailable } = props;
  const { t } = useTranslation('billing');
  const errorText = useAreaErrorText('billing');
  const language = currentLanguage();
  const ids = useId();
  const paid = plan.priceMonthlyEur > 0;
  const [view, setView] = useState<'form' | 'terms'>('form');
  const [accepted, setAccepted] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const [method, setMethod] = useState<CheckoutRequest['method']>('card');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blocked = paid && (!paymentsConfigured || (method === 'crypto' && !cryptoAvailable));

  if (view === 'terms') {
    return (
      <TermsDialog
        key="terms"
        onClose={() => setView('form')}
        onAccept={() => {
          setAccepted(true);
          setTermsMissing(false);
          setView('form');
        }}
      />
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setTermsMissing(true);
      document.getElementById(`${ids}-terms`)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await billingApi.checkout(plan.code, paid ? method : 'card');
      if (result.status === 'changed') {
        onChanged(result.plan);
        return;
      }
      const target = paymentRedirect(result.url);
      if (!target.ok) {
        setError(t(`errors.${target.reason}`));
        setBusy(false);
        return;
      }
      (props.navigate ?? ((url: string) => window.location.assign(url)))(target.url);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'payments_not_configured') onPaymentsUnavailable();
      setError(errorText(caught, 'errors.plan_update'));
      setBusy(false);
    }
  };

  const size = formatBytes(plan.storageLimitBytes, language);
  return (
    <Modal
      key="form"
      title={t('checkout.title', { name: plan.name })}
      onClose={busy ? undefined : onClose}
      footer={
        <FormDialogActions
          formId={`${ids}-form`}
          busy={busy}
          blocked={blocked}
          onCancel={onClose}
          submitLabel={
            busy
              ? paid
                ? t('checkout.redirecting')
                : t('checkout.changing')
              : paid
                ? t('checkout.confirm_paid')
                : t('checkout.confirm_free', { name: plan.name })
          }
        />
      }
    >
      <form id={`${ids}-form`} className="form checkout-form" onSubmit={(event) => void submit(event)} noValidate>
        {error && (
          <div className="alert alert-error" role="alert">
            <Icon name="alert" size={16} />
            <span>{error}</span>
          </div>
        )}
        <dl className="facts checkout-summary">
          <dt>{t('checkout.plan')}</dt>
          <dd>{plan.name}</dd>
          <dt>{t('checkout.storage')}</dt>
          <dd>{size}</dd>
          <dt>{t('checkout.price')}</dt>
          <dd>{t('plans.per_month', { price: formatEur(plan.priceMonthlyEur, language) })}</dd>
        </dl>
        {paid ? (
          <>
            <p className="muted">{t('checkout.billing_note', { price: formatEur(plan.priceMonthlyEur, language) })}</p>
            {!paymentsConfigured && !error && (
              <div className="alert alert-warning" role="note">
                <Icon name="alert" size={16} />
                <span>{t('errors.payments_not_configured')}</span>
              </div>
            )}
            <fieldset className="method-options">
              <legend className="field-label">{t('checkout.method')}</legend>
              <label className={`method-option${method === 'card' ? ' selected' : ''}`}>
                <input type="radio" name="method" value="card" checked={method === 'card'} onChange={() => setMethod('card')} />
                <span className="method-text">
                  <span className="method-name">{t('checkout.method_card')}</span>
                  <span className="method-hint">{t('checkout.method_card_hint')}</span>
                </span>
              </label>
              <label className={`method-option${method === 'crypto' ? ' selected' : ''}${cryptoAvailable ? '' : ' unavailable'}`}>
                <input
                  type="radio"
                  name="method"
                  value="crypto"
                  checked={method === 'crypto'}
                  disabled={!cryptoAvailable}
                  onChange={() => setMethod('crypto')}
                  aria-describedby={cryptoAvailable ? undefined : `${ids}-crypto`}
                />
                <span className="method-text">
                  <span className="method-name">{t('checkout.method_crypto')}</span>
                  <span className="method-hint">{t('checkout.method_crypto_hint')}</span>
                </span>
                {!cryptoAvailable && (
                  <span className="badge badge-warning" id={`${ids}-crypto`}>
                    {t('checkout.crypto_unavailable')}
                  </span>
                )}
              </label>
            </fieldset>
          </>
        ) : (
          <p data-free-change>
            {currentLimitBytes !== null && plan.storageLimitBytes >= currentLimitBytes
              ? t('checkout.free_upgrade_message', { size })
              : t('checkout.downgrade_message', { size })}
          </p>
        )}
        <div className={`field terms-field${termsMissing ? ' field-invalid' : ''}`}>
          <label className="checkbox">
            <input
              id={`${ids}-terms`}
              type="checkbox"
              checked={accepted}
              onChange={(event) => {
                setAccepted(event.target.checked);
                if (event.target.checked) setTermsMissing(false);
              }}
              aria-invalid={termsMissing || undefined}
              aria-describedby={termsMissing ? `${ids}-terms-error` : undefined}
            />
            <span>{t('checkout.accept_terms')}</span>
          </label>
          <button type="button" className="link-btn" onClick={() => setView('terms')}>
            {t('checkout.read_terms')}
          </button>
          {termsMissing && (
            <p className="field-error" id={`${ids}-terms-error`}>
              {t('checkout.terms_required')}
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}
