import { profileUpdateSchema } from '@cairn/shared';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { User } from '@cairn/shared/api-types';
import { userApi } from '../../api/endpoints';
import { CopyButton } from '../../components/copy-button';
import { TextField } from '../../components/field';
import { LanguageSelect } from '../../components/language-select';
import { CountryAndBirthFields, NameFields } from '../../components/person-fields';
import { useErrorText } from '../../hooks/use-error-text';
import { applyLanguage } from '../../lib/i18n';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { useAppStore } from '../../store/app-store';

type ProfileFields = Pick<User, 'name' | 'lastname' | 'country' | 'birthDate' | 'language'>;

export function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation('settings');
  const errorText = useErrorText();
  const setUser = useAppStore((state) => state.setUser);
  const [form, setForm] = useState<ProfileFields>({
    name: user.name,
    lastname: user.lastname,
    country: user.country,
    birthDate: user.birthDate,
    language: user.language,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof ProfileFields) => (value: string) => setForm((previous) => ({ ...previous, [key]: value }));
  // The language modal can change the profile language while this form is open.
  useEffect(() => setForm((previous) => ({ ...previous, language: user.language })), [user.language]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileUpdateSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, form));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const updated = await userApi.update(parsed.data);
      setUser(updated);
      await applyLanguage(updated.language);
      // `t` still speaks the language this form was rendered in; the toast speaks the one just saved.
      toast.success(i18n.t('profile.saved', { ns: 'settings' }));
    } catch (error) {
      toast.error(errorText(error, 'errors.profile_update'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="profile-title">
      <NameFields values={form} errors={errors} set={set} ns="settings" />
      <CountryAndBirthFields values={form} errors={errors} set={set} ns="settings" />
      <LanguageSelect value={form.language} onChange={set('language')} error={errors.language} />
      <div className="form-row">
        <TextField label={t('fields.email')} name="email" value={user.email} readOnly hint={t('profile.email_hint')} />
        <div className="field">
          <span className="field-label" id="referral-label">
            {t('fields.referral_code')}
          </span>
          <div className="inline-copy" aria-labelledby="referral-label">
            <code>{user.referralCode}</code>
            <CopyButton text={user.referralCode} label={t('profile.copy_referral')} compact />
          </div>
        </div>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? t('common:actions.saving') : t('profile.save')}
        </button>
      </div>
    </form>
  );
}
