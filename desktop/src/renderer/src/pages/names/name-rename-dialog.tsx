import { nameUpdateSchema } from '@cairn/shared';
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

/** Changes a name's label (the account's own; the IPNS name and its value stay). */
export function NameRenameDialog({ name, onClose, onRenamed }: { name: Name; onClose(): void; onRenamed(name: Name): void }) {
  const { t } = useTranslation('names');
  const errorText = useAreaErrorText('names');
  const formId = useId();
  const [label, setLabel] = useState(name.label);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = nameUpdateSchema.safeParse({ label });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, { label }));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const renamed = await namesApi.rename(name.id, parsed.data);
      toast.success(t('renamed', { label: renamed.label }));
      onRenamed(renamed);
    } catch (error) {
      setFormError(errorText(error, 'errors.save'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('rename_title')}
      onClose={busy ? undefined : onClose}
      size="small"
      initialFocus="input[name=label]"
      footer={<FormDialogActions formId={formId} busy={busy} onCancel={onClose} submitLabel={t('rename')} />}
    >
      <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('label')}
          name="label"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          error={errors.label}
          maxLength={100}
          autoComplete="off"
        />
        <FormAlert message={formError} />
      </form>
    </Modal>
  );
}
