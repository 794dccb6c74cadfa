import { useTranslation } from 'react-i18next';

interface FormDialogActionsProps {
  /** The id of the form the submit button sends. */
  formId: string;
  /** The form is being sent: both buttons wait, the submit button says so to assistive technology. */
  busy: boolean;
  onCancel(): void;
  submitLabel: string;
  /** A destructive submit (pruning, deleting) is drawn as such. */
  danger?: boolean;
  /** The form cannot be sent yet (something it needs is missing). */
  blocked?: boolean;
}

/** The footer of a dialog around a form: cancel, and the form's submit button. */
export function FormDialogActions({ formId, busy, onCancel, submitLabel, danger = false, blocked = false }: FormDialogActionsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        {t('actions.cancel')}
      </button>
      <button
        type="submit"
        form={formId}
        className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
        disabled={busy || blocked}
        aria-busy={busy}
      >
        {submitLabel}
      </button>
    </>
  );
}
