import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../api/endpoints';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert, TextField } from '../components/field';
import { useErrorText } from '../hooks/use-error-text';

interface LoginCodeStepProps {
  challenge: string;
  onSignedIn(token: string): void;
  /** Back to the password: the challenge expired or was spent. */
  onRestart(): void;
}

/** The second step of a login for a two-factor account: the authenticator's code or a recovery code. */
export function LoginCodeStep({ challenge, onSignedIn, onRestart }: LoginCodeStepProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusCode = () => form.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  useEffect(focusCode, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (value.length < 6) {
      setError(t('two_factor.code_required'));
      focusCode();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { token } = await authApi.loginTwoFactor(challenge, value);
      onSignedIn(token);
    } catch (failure) {
      const expired = failure instanceof Error && 'code' in failure && failure.code === 'invalid_challenge';
      if (expired) {
        onRestart();
        return;
      }
      setError(errorText(failure, 'errors.login_failed'));
      setCode('');
      setBusy(false);
      focusCode();
    }
  };

  return (
    <AuthLayout
      title={t('two_factor.title')}
      subtitle={t('two_factor.subtitle')}
      footer={
        <button type="button" className="link-button" onClick={onRestart}>
          {t('two_factor.back')}
        </button>
      }
    >
      <FormAlert message={error} />
      <form ref={form} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('two_factor.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint={t('two_factor.code_hint')}
          required
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {busy ? t('login.submitting') : t('two_factor.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
