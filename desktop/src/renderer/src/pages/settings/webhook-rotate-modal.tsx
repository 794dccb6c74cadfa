import type { Webhook, WebhookSecretRotated } from '@cairn/shared/api-types';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { webhookApi } from '../../api/webhooks';
import { FormAlert, SelectField } from '../../components/field';
import { Modal } from '../../components/modal';
import { useErrorText } from '../../hooks/use-error-text';
import { WebhookSecretModal } from './webhook-secret-modal';

/** How long the replaced secret may keep signing, in hours, as offered (the server takes 0–168). */
const OVERLAPS = [0, 1, 24, 72, 168] as const;

/**
 * Gives the endpoint a new signing secret. The old one keeps signing beside it for the overlap
 * chosen (24 hours unless changed), so the receiver can move to the new secret without refusing
 * a delivery; then the new secret is shown once.
 */
export function WebhookRotateModal({
  webhook,
  onClose,
  onRotated,
}: {
  webhook: Webhook;
  onClose(): void;
  onRotated(webhook: Webhook): void;
}) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const [overlap, setOverlap] = useState<number>(24);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rotated, setRotated] = useState<WebhookSecretRotated | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await webhookApi.rotateSecret(webhook.id, overlap);
      onRotated(answer.webhook);
      setRotated(answer);
      toast.success(t('webhooks.rotated'));
    } catch (caught) {
      setError(errorText(caught, 'settings:webhooks.errors.rotate'));
    } finally {
      setBusy(false);
    }
  };

  if (rotated) {
    return (
      <WebhookSecretModal
        url={rotated.webhook.url}
        secret={rotated.secret}
        rotated
        previousUntil={rotated.webhook.previousSecretExpiresAt}
        onClose={onClose}
      />
    );
  }

  return (
    <Modal title={t('webhooks.rotate_title')} onClose={busy ? undefined : onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={error} />
        <p>{t('webhooks.rotate_message', { url: webhook.url })}</p>
        <SelectField
          label={t('webhooks.rotate_overlap')}
          name="overlapHours"
          value={String(overlap)}
          onChange={(e) => setOverlap(Number(e.target.value))}
          hint={t('webhooks.rotate_overlap_hint')}
          disabled={busy}
        >
          {OVERLAPS.map((hours) => (
            <option key={hours} value={hours}>
              {hours === 0
                ? t('webhooks.overlap_none')
                : hours > 24
                  ? t('webhooks.overlap_days', { count: hours / 24 })
                  : t('webhooks.overlap_hours', { count: hours })}
            </option>
          ))}
        </SelectField>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? t('webhooks.rotating') : t('webhooks.rotate_confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
