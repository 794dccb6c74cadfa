import { s3KeyCreateSchema } from '@cairn/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { S3KeyCreated } from '@cairn/shared/api-types';
import { s3KeyApi } from '../../api/s3-keys';
import { CopyButton } from '../../components/copy-button';
import { FormAlert, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { OneTimeSecretModal } from '../../components/one-time-secret-modal';
import { useErrorText } from '../../hooks/use-error-text';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';

/**
 * Creates an S3 key. After creation its access key id and secret are shown once, each with a copy
 * button; closing forgets the secret, so Escape, a click outside or the close button ask first.
 */
export function S3KeyCreateModal({ onClose, onCreated }: { onClose(): void; onCreated(key: S3KeyCreated): void }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<S3KeyCreated | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, readOnly };
    const parsed = s3KeyCreateSchema.safeParse(input);
    setFormError(null);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, input));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const key = await s3KeyApi.create(parsed.data);
      setCreated(key);
      onCreated(key);
      toast.success(t('s3_keys.created'));
    } catch (error) {
      setFormError(errorText(error, 'settings:s3_keys.errors.create'));
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    const text = {
      title: t('s3_keys.secret_title'),
      once: t('s3_keys.secret_once'),
      label: t('s3_keys.secret_label', { name: created.name }),
      copy: t('s3_keys.copy_secret'),
      done: t('s3_keys.secret_done'),
      discardTitle: t('s3_keys.discard_title'),
      discardMessage: t('s3_keys.discard_message'),
      discardKeep: t('s3_keys.discard_keep'),
      discardConfirm: t('s3_keys.discard_confirm'),
    };
    return (
      <OneTimeSecretModal id="s3-key-secret" secret={created.secretAccessKey} text={text} onClose={onClose}>
        <label className="field-label" htmlFor="s3-key-id">
          {t('s3_keys.access_key_id')}
        </label>
        <div className="secret-box" data-access-key-id>
          <input id="s3-key-id" className="mono" readOnly value={created.accessKeyId} onFocus={(event) => event.target.select()} />
          <CopyButton text={created.accessKeyId} label={t('s3_keys.copy_access_key_id')} />
        </div>
      </OneTimeSecretModal>
    );
  }

  return (
    <Modal title={t('s3_keys.new_title')} onClose={busy ? undefined : onClose}>
      <form className="form" id="s3-key-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={formError} />
        <TextField
          label={t('s3_keys.name')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          placeholder={t('s3_keys.name_placeholder')}
          maxLength={100}
        />
        <label className="checkbox">
          <input type="checkbox" name="readOnly" checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} disabled={busy} />
          <span>{t('s3_keys.read_only')}</span>
        </label>
        <p className="field-hint">{t('s3_keys.read_only_hint')}</p>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? t('s3_keys.creating') : t('s3_keys.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
