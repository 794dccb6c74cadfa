import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseServerAddress } from '../../../../shared/server-address';
import { TextField } from '../../components/field';
import type { FieldErrors } from '../../lib/form-errors';
import { useAppStore } from '../../store/app-store';

/**
 * The desktop app's server address: checked as typed (an http(s) address), then by the main
 * process (the server must answer `/healthz` as Cairn does) before it is saved.
 */
export function ServerAddressForm({ initial, submitLabel }: { initial: string; submitLabel: string }) {
  const { t } = useTranslation('desktop');
  const saveServerAddress = useAppStore((state) => state.saveServerAddress);
  const fixed = useAppStore((state) => state.serverSource === 'env');
  const [address, setAddress] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parseServerAddress(address)) {
      setErrors({ address: { key: 'desktop:server.errors.invalid_url' } });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await saveServerAddress(address);
      if (!result.ok) setErrors({ address: { key: `desktop:server.errors.${result.problem}` } });
    } catch {
      setErrors({ address: { key: 'desktop:server.errors.unreachable' } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('server.label')}
        hint={fixed ? t('server.from_env') : t('server.hint')}
        error={errors.address}
        name="server"
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder={t('server.placeholder')}
        value={address}
        disabled={fixed}
        onChange={(event) => setAddress(event.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={busy || fixed}>
        {busy ? t('server.checking') : submitLabel}
      </button>
    </form>
  );
}
