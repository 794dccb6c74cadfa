import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { useAsync } from '../../../hooks/use-async';
import { useErrorText } from '../../../hooks/use-error-text';

/** The deployment's sign-in rules for administrators: here, whether they must use two-factor. */
export function AdminSecurityCard() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { state } = useAsync((signal) => adminApi.settings(signal), []);
  const [saved, setSaved] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const required = saved ?? (state.status === 'ready' ? state.data.requireAdminTwoFactor : false);

  // The box shows the choice at once and goes back if the server refuses it.
  const toggle = async (next: boolean) => {
    const before = required;
    setSaved(next);
    setBusy(true);
    try {
      const settings = await adminApi.updateSettings({ requireAdminTwoFactor: next });
      setSaved(settings.requireAdminTwoFactor);
      toast.success(t('security.saved'));
    } catch (error) {
      setSaved(before);
      toast.error(errorText(error, 'errors.admin_settings_update'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="admin-security-title">
      <div className="card-header">
        <div>
          <h2 id="admin-security-title">{t('security.title')}</h2>
          <p className="card-description">{t('security.description')}</p>
        </div>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          name="requireAdminTwoFactor"
          checked={required}
          disabled={busy || state.status !== 'ready'}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span>{t('security.require_admin_two_factor')}</span>
      </label>
    </section>
  );
}
