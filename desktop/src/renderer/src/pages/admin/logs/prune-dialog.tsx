import { LOG_PRUNE_MAX_DAYS, LOG_RETENTION_DAYS, logPruneSchema } from '@cairn/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { FormAlert, TextField } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { FormDialogActions } from '../../../components/form-dialog-actions';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import type { FieldErrors } from '../../../lib/form-errors';

/** Deletes audit entries older than the chosen number of days (15 by default: spec section 9). */
export function PruneDialog({ onClose, onPruned }: { onClose(): void; onPruned(removed: number): void }) {
  const { t } = useTranslation('admin');
  const errorText = useAreaErrorText('admin');
  const [days, setDays] = useState(String(LOG_RETENTION_DAYS));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const count = Number(days);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { olderThanDays: days.trim() === '' ? undefined : Number(days) };
    const parsed = logPruneSchema.safeParse(input);
    if (input.olderThanDays === undefined) {
      setErrors({ olderThanDays: { key: 'validation.required' } });
      return;
    }
    if (!parsed.success) {
      setErrors({ olderThanDays: { key: 'admin:logs.days_invalid', values: { max: LOG_PRUNE_MAX_DAYS } } });
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const { removed } = await adminApi.pruneLogs(parsed.data);
      onPruned(removed);
    } catch (error) {
      setFormError(errorText(error, 'errors.logs_prune'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('logs.prune_title')}
      onClose={busy ? undefined : onClose}
      role="alertdialog"
      size="small"
      footer={<FormDialogActions formId="prune-form" busy={busy} onCancel={onClose} submitLabel={t('logs.prune_confirm')} danger />}
    >
      <form id="prune-form" className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={formError} />
        <p>{t('logs.prune_message')}</p>
        <TextField
          label={t('logs.keep_days')}
          name="olderThanDays"
          type="number"
          inputMode="numeric"
          min={1}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          error={errors.olderThanDays}
          hint={Number.isInteger(count) && count >= 1 ? t('logs.keep_days_hint', { count }) : undefined}
        />
      </form>
    </Modal>
  );
}
