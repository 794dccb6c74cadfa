import { signupSchema } from '@cairn/shared';
import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../api/endpoints';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert, TextField } from '../components/field';
import { LanguageSelect } from '../components/language-select';
import { CountryAndBirthFields, NameFields } from '../components/person-fields';
import { useErrorText } from '../hooks/use-error-text';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid';
import { currentLanguage } from '../lib/i18n';
import { fieldErrors, serverFieldErrors, type FieldErrors } from '../lib/form-errors';
import { useAppStore } from '../store/app-store';
import { loadProfile } from '../store/session-actions';

type SignupForm = Record<'name' | 'lastname' | 'email' | 'password' | 'country' | 'birthDate' | 'language' | 'referralCode', string>;

export function SignupPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState<SignupForm>({
    name: '',
    lastname: '',
    email: '',
    password: '',
    country: '',
    birthDate: '',
    language: currentLanguage(),
    referralCode: params.get('ref') ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);
  const set = (key: keyof SignupForm) => (value: string) => setForm((previous) => ({ ...previous, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = signupSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, form));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await authApi.signup(parsed.data);
    } catch (error) {
      const onFields = serverFieldErrors(error, Object.keys(form));
      if (onFields) setErrors(onFields);
      else setFormError(errorText(error, 'errors.signup_failed'));
      setBusy(false);
      return;
    }
    // The account exists and the password was just typed: open the session with it rather than
    // asking for it again. Should that fail, the login form takes over with the email filled in.
    try {
      const result = await authApi.login(parsed.data.email, parsed.data.password);
      // A new account has no second factor; should it have one, the login form asks for it.
      if (!('token' in result) || !useAppStore.getState().signIn(result.token)) throw new Error('no session');
      toast.success(t('signup.signed_in'));
      void loadProfile().catch(() => undefined);
    } catch {
      toast.success(t('signup.created'));
      void navigate('/login', { state: { email: parsed.data.email } });
    }
  };

  return (
    <AuthLayout
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={<Trans t={t} i18nKey="signup.have_account" components={{ action: <Link to="/login" /> }} />}
    >
      <FormAlert message={formError} />
      <form ref={formRef} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <NameFields values={form} errors={errors} set={set} ns="auth" />
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
          error={errors.email}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set('password')(e.target.value)}
          error={errors.password}
          hint={t('fields.password_hint')}
        />
        <CountryAndBirthFields values={form} errors={errors} set={set} ns="auth" />
        <LanguageSelect value={form.language} onChange={set('language')} error={errors.language} />
        <TextField
          label={t('fields.referral_code')}
          name="referralCode"
          value={form.referralCode}
          onChange={(e) => set('referralCode')(e.target.value)}
          error={errors.referralCode}
          hint={t('fields.referral_hint')}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {busy ? t('signup.submitting') : t('signup.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
