import { passwordChangeSchema } from '@cairn/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/endpoints';
import { TextField } from '../../components/field';
import { useErrorText } from '../../hooks/use-error-text';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((previous) => ({ ...previous, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(form);
    const next: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error, form);
    if (form.confirmPassword !== form.newPassword) next.confirmPassword = { key: 'validation.passwords_mismatch' };
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await userApi.changePassword(parsed.data);
      setForm(EMPTY);
      toast.success(t('password.saved'));
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'wrong_password') {
        setErrors({ currentPassword: { key: 'errors.wrong_password' } });
      } else {
        toast.error(errorText(error, 'errors.password_update'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('password.current')}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={form.currentPassword}
        onChange={(e) => set('currentPassword')(e.target.value)}
        error={errors.currentPassword}
      />
      <div className="form-row">
        <TextField
          label={t('password.new')}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => set('newPassword')(e.target.value)}
          error={errors.newPassword}
          hint={t('fields.password_hint')}
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set('confirmPassword')(e.target.value)}
          error={errors.confirmPassword}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? t('common:actions.saving') : t('password.save')}
        </button>
      </div>
    </form>
  );
}
