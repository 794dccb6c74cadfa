import { tokenGenerateSchema } from '@cairn/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ApiTokenCreated, TokenScope } from '@cairn/shared/api-types';
import { tokenApi, userApi } from '../../api/endpoints';
import { FormAlert, SelectField, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { OneTimeSecretModal } from '../../components/one-time-secret-modal';
import { useErrorText } from '../../hooks/use-error-text';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { useAppStore } from '../../store/app-store';
import { TokenGroupField } from './token-group-field';
import { TokenScopesField } from './token-scopes-field';

const EXPIRY_CHOICES = ['7', '30', '90', '365', 'never'] as const;

/**
 * Creates an API token. After creation the secret is shown once, with a copy button; closing the
 * dialog forgets it, so Escape, a click outside or the close button ask first (only the explicit
 * "copied" button closes at once).
 */
export function TokenGenerateModal({ onClose, onCreated }: { onClose(): void; onCreated(token: ApiTokenCreated): void }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<(typeof EXPIRY_CHOICES)[number]>('30');
  const [allowedIp, setAllowedIp] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['all']);
  const [scopesMissing, setScopesMissing] = useState(false);
  const [groupId, setGroupId] = useState('');
  const isAdmin = useAppStore((state) => state.claims?.role === 'admin' || state.user?.role === 'admin');
  // Fills the field with the address the server sees, so the token works from this machine.
  const fillMyIp = async () => {
    try {
      setAllowedIp((await userApi.myIp()).ip);
    } catch (error) {
      toast.error(errorText(error, 'errors.ip_lookup'));
    }
  };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const never = expiry === 'never';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, expiresInDays: never ? null : Number(expiry), allowedIp, scopes, groupId: groupId || null };
    const parsed = tokenGenerateSchema.safeParse(input);
    setFormError(null);
    setScopesMissing(scopes.length === 0);
    if (!parsed.success) {
      // An empty choice of scopes is said under the choice itself, in the dialog's words.
      const found = fieldErrors(parsed.error, input);
      delete found.scopes;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const token = await tokenApi.generate(parsed.data);
      setCreated(token);
      onCreated(token);
      toast.success(t('tokens.created'));
    } catch (error) {
      setFormError(errorText(error, 'errors.token_generate'));
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    const text = {
      title: t('tokens.secret_title'),
      once: t('tokens.secret_once'),
      label: t('tokens.secret_label', { name: created.name }),
      copy: t('tokens.copy_secret'),
      done: t('tokens.secret_done'),
      discardTitle: t('tokens.discard_title'),
      discardMessage: t('tokens.discard_message'),
      discardKeep: t('tokens.discard_keep'),
      discardConfirm: t('tokens.discard_confirm'),
    };
    return <OneTimeSecretModal id="token-secret" secret={created.token} text={text} onClose={onClose} />;
  }

  return (
    <Modal title={t('tokens.new_title')} onClose={busy ? undefined : onClose}>
      <form className="form" id="token-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={formError} />
        <TextField
          label={t('tokens.name')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          placeholder={t('tokens.name_placeholder')}
          maxLength={100}
        />
        <SelectField
          label={t('tokens.expiry')}
          name="expiry"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value as typeof expiry)}
          error={errors.expiresInDays}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 'never' ? t('tokens.expiry_never') : t('tokens.expiry_days', { count: Number(choice) })}
            </option>
          ))}
        </SelectField>
        <TextField
          label={never ? t('tokens.allowed_ip_required') : t('tokens.allowed_ip_optional')}
          name="allowedIp"
          value={allowedIp}
          onChange={(e) => setAllowedIp(e.target.value)}
          error={errors.allowedIp}
          hint={never ? t('tokens.allowed_ip_hint_never') : t('tokens.allowed_ip_hint')}
          placeholder={t('tokens.allowed_ip_placeholder')}
          required={never}
          spellCheck={false}
        />
        <button type="button" className="use-my-ip" onClick={() => void fillMyIp()} disabled={busy}>
          {t('tokens.use_my_ip')}
        </button>
        <TokenScopesField
          value={scopes}
          onChange={(next) => {
            setScopes(next);
            if (next.length > 0) setScopesMissing(false);
          }}
          isAdmin={isAdmin}
          missing={scopesMissing}
          disabled={busy}
        />
        <TokenGroupField value={groupId} onChange={setGroupId} disabled={busy} />
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? t('tokens.generating') : t('tokens.generate')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
