import { renameSchema } from '@cairn/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Upload } from '@cairn/shared/api-types';
import { contentApi } from '../../api/content';
import { FormAlert, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { FormDialogActions } from '../../components/form-dialog-actions';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { ApiError } from '../../lib/api-client';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';

/** Renames a record (the shared renameSchema checks the name first; the server answers 409 for a taken one). */
export function RenameDialog({ upload, onClose, onRenamed }: { upload: Upload; onClose(): void; onRenamed(upload: Upload): void }) {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const [name, setName] = useState(upload.name);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = renameSchema.safeParse({ name });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error, { name });
      if (found.name?.key === 'validation.invalid') found.name = { key: 'content:rename.invalid_chars' };
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const renamed = await contentApi.rename(upload.uploadId, parsed.data.name);
      toast.success(t('rename.done', { name: renamed.name }));
      onRenamed(renamed);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'name_taken') setErrors({ name: { key: 'content:errors.name_taken' } });
      else setFormError(errorText(error, 'errors.rename_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('rename.title')}
      onClose={busy ? undefined : onClose}
      size="small"
      initialFocus="input[name=name]"
      footer={
        <FormDialogActions
          formId="rename-form"
          busy={busy}
          onCancel={onClose}
          submitLabel={busy ? t('common:actions.saving') : t('rename.submit')}
        />
      }
    >
      <form id="rename-form" className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted">{t('rename.current', { name: upload.name })}</p>
        <TextField
          label={t('rename.name')}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          hint={t('rename.hint')}
          autoComplete="off"
          spellCheck={false}
        />
        <FormAlert message={formError} />
      </form>
    </Modal>
  );
}
