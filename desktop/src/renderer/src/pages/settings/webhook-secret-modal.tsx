import { useTranslation } from 'react-i18next';
import { OneTimeSecretModal } from '../../components/one-time-secret-modal';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

/**
 * An endpoint's signing secret, shown once: after it was added, or after a rotation
 * (`previousUntil`: until when the secret it replaced still signs, if it does).
 */
export function WebhookSecretModal({
  url,
  secret,
  rotated = false,
  previousUntil = null,
  onClose,
}: {
  url: string;
  secret: string;
  rotated?: boolean;
  previousUntil?: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation('settings');
  const text = {
    title: t('webhooks.secret_title'),
    once: t('webhooks.secret_once'),
    label: t('webhooks.secret_label', { url }),
    copy: t('webhooks.copy_secret'),
    done: t('webhooks.secret_done'),
    discardTitle: t('webhooks.discard_title'),
    discardMessage: t(rotated ? 'webhooks.rotate_discard_message' : 'webhooks.discard_message'),
    discardKeep: t('webhooks.discard_keep'),
    discardConfirm: t('webhooks.discard_confirm'),
  };
  return (
    <OneTimeSecretModal id="webhook-secret" secret={secret} text={text} onClose={onClose}>
      <p className="field-hint">{t('webhooks.secret_hint')}</p>
      {rotated && (
        <p className="field-hint" data-previous-until={previousUntil ?? ''}>
          {previousUntil
            ? t('webhooks.rotated_overlap', { date: formatDateTime(previousUntil, currentLanguage()) })
            : t('webhooks.rotated_no_overlap')}
        </p>
      )}
    </OneTimeSecretModal>
  );
}
