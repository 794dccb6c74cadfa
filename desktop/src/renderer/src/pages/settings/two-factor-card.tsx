import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { TwoFactorEnrolment } from '@cairn/shared/api-types';
import { twoFactorApi } from '../../api/endpoints';
import { CopyButton } from '../../components/copy-button';
import { TextField } from '../../components/field';
import { ErrorState, LoadingState } from '../../components/states';
import { useAsync } from '../../hooks/use-async';
import { useErrorText } from '../../hooks/use-error-text';
import { currentLanguage } from '../../lib/i18n';
import { formatDate } from '../../lib/format';
import type { FieldErrors } from '../../lib/form-errors';
import { TWO_FACTOR_CHANGED } from '../../components/two-factor-gate';

const isCode = (error: unknown, code: string) => error instanceof Error && 'code' in error && error.code === code;

/** Settings → Two-factor sign-in: enrol an authenticator app (QR code), keep the recovery codes, turn it off. */
export function TwoFactorCard() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const { state, reload } = useAsync((signal) => twoFactorApi.status(signal), []);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (isCode(error, 'invalid_two_factor_code') || isCode(error, 'validation_error')) {
        setErrors({ code: { key: 'errors.invalid_two_factor_code' } });
      } else toast.error(errorText(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      setEnrolment(await twoFactorApi.start());
      setCode('');
      setErrors({});
    }, 'errors.two_factor_update');

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await twoFactorApi.confirm(code.trim());
      setEnrolment(null);
      setCode('');
      setErrors({});
      setRecoveryCodes(result.recoveryCodes);
      reload();
      window.dispatchEvent(new Event(TWO_FACTOR_CHANGED));
    }, 'errors.two_factor_update');
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await twoFactorApi.disable(code.trim());
      setCode('');
      setErrors({});
      toast.success(t('two_factor.disabled'));
      reload();
    }, 'errors.two_factor_update');
  };

  const download = (codes: string[]) => {
    const url = URL.createObjectURL(new Blob([`${t('two_factor.download_heading')}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'cairn-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  const status = state.status === 'ready' ? state.data : null;
  const loaded = status !== null;
  // Sent here to enrol (an admin who must): the card comes into view, not the top of Settings.
  useEffect(() => {
    if (loaded && window.location.hash === '#two-factor') document.getElementById('two-factor')?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  const codeField = (label: string, hint?: string) => (
    <TextField
      label={label}
      name="code"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={32}
      value={code}
      onChange={(e) => setCode(e.target.value)}
      error={errors.code}
      hint={hint}
    />
  );

  let body;
  if (recoveryCodes) {
    body = (
      <div className="two-factor-codes">
        <div className="alert alert-warning" role="status">
          {t('two_factor.codes_once')}
        </div>
        <ol className="recovery-codes" aria-label={t('two_factor.codes_title')}>
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>
              <code>{recovery}</code>
            </li>
          ))}
        </ol>
        <div className="form-actions">
          <CopyButton text={recoveryCodes.join('\n')} label={t('two_factor.copy_codes')} />
          <button type="button" className="btn btn-secondary" onClick={() => download(recoveryCodes)}>
            {t('two_factor.download_codes')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => setRecoveryCodes(null)}>
            {t('two_factor.codes_saved')}
          </button>
        </div>
      </div>
    );
  } else if (enrolment) {
    body = (
      <form className="form two-factor-enrol" onSubmit={confirm} noValidate>
        <ol className="two-factor-steps">
          <li>{t('two_factor.step_scan')}</li>
          <li>{t('two_factor.step_code')}</li>
        </ol>
        <img className="two-factor-qr" src={enrolment.qrCode} width={200} height={200} alt={t('two_factor.qr_alt')} />
        <div className="two-factor-secret">
          <span className="muted">{t('two_factor.secret_label')}</span>
          <code data-testid="two-factor-secret">{enrolment.secret}</code>
          <CopyButton text={enrolment.secret} label={t('two_factor.copy_secret')} compact />
        </div>
        {codeField(t('two_factor.code_label'))}
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setEnrolment(null)} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {t('two_factor.confirm')}
          </button>
        </div>
      </form>
    );
  } else if (status?.enabled) {
    body = (
      <form className="form" onSubmit={disable} noValidate>
        <p>
          <span className="badge badge-active">{t('two_factor.on')}</span>{' '}
          {t('two_factor.on_since', {
            date: formatDate(status.enabledAt, currentLanguage()),
            count: status.recoveryCodesLeft,
          })}
        </p>
        {codeField(t('two_factor.disable_label'), t('two_factor.disable_hint'))}
        <div className="form-actions">
          <button type="submit" className="btn btn-danger" disabled={busy} aria-busy={busy}>
            {t('two_factor.disable')}
          </button>
        </div>
      </form>
    );
  } else if (status) {
    body = (
      <div className="form">
        {status.required && (
          <div className="alert alert-warning" role="alert">
            {t('two_factor.required')}
          </div>
        )}
        <p>
          <span className="badge">{t('two_factor.off')}</span> {t('two_factor.off_hint')}
        </p>
        <div className="form-actions">
          <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={busy} aria-busy={busy}>
            {t('two_factor.enable')}
          </button>
        </div>
      </div>
    );
  } else if (state.status === 'error') {
    body = <ErrorState message={errorText(state.error, 'errors.two_factor_load')} onRetry={reload} />;
  } else {
    body = <LoadingState />;
  }

  return (
    <section className="card" id="two-factor" aria-labelledby="two-factor-title">
      <div className="card-header">
        <div>
          <h2 id="two-factor-title">{t('two_factor.title')}</h2>
          <p className="card-description">{t('two_factor.description')}</p>
        </div>
      </div>
      {body}
    </section>
  );
}
