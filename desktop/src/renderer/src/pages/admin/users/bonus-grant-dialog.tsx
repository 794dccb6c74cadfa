import { adminBonusGrantSchema, BONUS_NOTE_MAX } from '@cairn/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { FormAlert, TextField } from '../../../components/field';
import { FormDialogActions } from '../../../components/form-dialog-actions';
import { Modal } from '../../../components/modal';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import type { FieldErrors } from '../../../lib/form-errors';

/** Gives an account bonus storage in MB, with a note saying why; checked with the API's own schema first. */
export function BonusGrantDialog({ user, onClose, onGranted }: { user: AdminUser; onClose(): void; onGranted(user: AdminUser): void }) {
  const { t } = useTranslation('admin');
  const errorText = useAreaErrorText('admin');
  const id = useId();
  const [megabytes, setMegabytes] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = adminBonusGrantSchema.safeParse({ megabytes: megabytes.trim() === '' ? Number.NaN : Number(megabytes), note });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      setErrors({
        ...(fields.has('megabytes') ? { megabytes: { key: 'admin:user.bonus_invalid' } } : {}),
        ...(fields.has('note') ? { note: { key: 'validation.required' } } : {}),
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onGranted((await adminApi.grantBonus(user.id, parsed.data)).user);
    } catch (error) {
      setFormError(errorText(error, 'errors.bonus_grant'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('user.bonus_title', { email: user.email })}
      onClose={busy ? undefined : onClose}
      footer={<FormDialogActions formId={`${id}-form`} busy={busy} onCancel={onClose} submitLabel={t('user.bonus_submit')} />}
    >
      <form id={`${id}-form`} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={formError} />
        <TextField
          label={t('user.bonus_amount')}
          name="megabytes"
          inputMode="numeric"
          value={megabytes}
          onChange={(e) => setMegabytes(e.target.value)}
          error={errors.megabytes}
          hint={t('user.bonus_amount_hint')}
        />
        <TextField
          label={t('user.bonus_note')}
          name="note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
          maxLength={BONUS_NOTE_MAX}
          hint={t('user.bonus_note_hint')}
        />
      </form>
    </Modal>
  );
}
