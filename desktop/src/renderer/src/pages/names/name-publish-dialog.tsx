import { namePublishSchema } from '@cairn/shared';
import type { Name } from '@cairn/shared/api-types';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { namesApi } from '../../api/names';
import { FormAlert, TextField } from '../../components/field';
import { FormDialogActions } from '../../components/form-dialog-actions';
import { Modal } from '../../components/modal';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { shortValue } from '../../lib/name-links';

const DEFAULT_TTL = '60';

/** Points a name at a CID or `/ipfs/<cid>/<path>` of the account's files, with the time resolvers may cache it. */
export function NamePublishDialog({ name, onClose, onPublished }: { name: Name; onClose(): void; onPublished(name: Name): void }) {
  const { t } = useTranslation('names');
  const errorText = useAreaErrorText('names');
  const formId = useId();
  const [value, setValue] = useState('');
  const [ttl, setTtl] = useState(name.ttlSeconds === null ? DEFAULT_TTL : String(name.ttlSeconds));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = { value, ttlSeconds: ttl.trim() === '' ? undefined : Number(ttl) };
    const parsed = namePublishSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, input));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const published = await namesApi.publish(name.id, { value: parsed.data.value, ttlSeconds: parsed.data.ttlSeconds });
      toast.success(t('published', { label: published.label, value: shortValue(published.value ?? parsed.data.value) }));
      onPublished(published);
    } catch (error) {
      setFormError(errorText(error, 'errors.publish'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('publish_title', { label: name.label })}
      onClose={busy ? undefined : onClose}
      initialFocus="input[name=value]"
      footer={<FormDialogActions formId={formId} busy={busy} onCancel={onClose} submitLabel={t('publish')} />}
    >
      <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('value')}
          name="value"
          className="mono"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={errors.value}
          hint={t('value_hint')}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label={t('ttl')}
          name="ttlSeconds"
          type="number"
          inputMode="numeric"
          min={1}
          max={86400}
          value={ttl}
          onChange={(event) => setTtl(event.target.value)}
          error={errors.ttlSeconds}
          hint={t('ttl_hint')}
        />
        <FormAlert message={formError} />
      </form>
    </Modal>
  );
}
