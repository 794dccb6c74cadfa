import { loginSchema } from '@cairn/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { authApi } from '../api/endpoints';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert, TextField } from '../components/field';
import { useErrorText } from '../hooks/use-error-text';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid';
import { fieldErrors, type FieldErrors } from '../lib/form-errors';
import { useAppStore } from '../store/app-store';
import { loadProfile } from '../store/session-actions';
import { LoginCodeStep } from './login-code-step';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const location = useLocation();
  const notice = useAppStore((state) => state.notice);
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set once the password was right for a two-factor account: the code step replaces the form.
  const [challenge, setChallenge] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);

  const signIn = (token: string) => {
    if (!useAppStore.getState().signIn(token)) throw new Error('unreadable token');
    void loadProfile().catch(() => undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { email, password };
    const parsed = loginSchema.safeParse(input);
    setFormError(null);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, input));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await authApi.login(parsed.data.email, parsed.data.password);
      if ('challenge' in result) {
        setPassword('');
        setChallenge(result.challenge);
        setBusy(false);
        return;
      }
      signIn(result.token);
    } catch (error) {
      setFormError(errorText(error, 'errors.login_failed'));
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <LoginCodeStep
        challenge={challenge}
        onSignedIn={signIn}
        onRestart={() => {
          setChallenge(null);
          setFormError(null);
        }}
      />
    );
  }

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={<Trans t={t} i18nKey="login.no_account" components={{ action: <Link to={`/signup${location.search}`} /> }} />}
    >
      {notice && (
        <div className="alert alert-info" role="status">
          {t(`notice.${notice}`)}
        </div>
      )}
      <FormAlert message={formError} />
      <form ref={formRef} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <TextField
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
