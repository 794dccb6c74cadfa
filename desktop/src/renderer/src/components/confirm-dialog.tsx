import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ title, message, confirmLabel, busy, danger, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      title={title}
      onClose={busy ? undefined : onCancel}
      role="alertdialog"
      size="small"
      initialFocus="[data-cancel]"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy} data-cancel>
            {t('actions.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
