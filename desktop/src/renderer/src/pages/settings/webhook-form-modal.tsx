import { webhookCreateSchema } from '@cairn/shared';
import type { Webhook, WebhookCreated, WebhookEventType } from '@cairn/shared/api-types';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { webhookApi } from '../../api/webhooks';
import { FormAlert, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { useErrorText } from '../../hooks/use-error-text';
import { fieldErrors, serverFieldErrors, type FieldErrors } from '../../lib/form-errors';
import { WebhookEventsField } from './webhook-events-field';
import { WebhookSecretModal } from './webhook-secret-modal';

const FIELDS = ['url', 'description', 'events'];

/** A bad URL says what a good one is, in the dialog's words rather than a generic "not valid". */
function withUrlHint(errors: FieldErrors): FieldErrors {
  return errors.url?.key === 'validation.invalid' ? { ...errors, url: { key: 'settings:webhooks.url_invalid' } } : errors;
}

/**
 * Registers a webhook endpoint, or changes one (`webhook`). After creation the signing secret is
 * shown once (`WebhookSecretModal`).
 */
export function WebhookFormModal({ webhook, onClose, onSaved }: { webhook?: Webhook; onClose(): void; onSaved(webhook: Webhook): void }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(webhook?.events ?? []);
  const [eventsMissing, setEventsMissing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  // Bumped on each refused submit, so focus moves to the first problem even when it is the same one again.
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not(fieldset), fieldset[aria-invalid="true"] input')?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { url: url.trim(), description, events };
    const parsed = webhookCreateSchema.safeParse(input);
    setFormError(null);
    setEventsMissing(events.length === 0);
    if (!parsed.success) {
      // No event chosen is said under the choice itself, in the dialog's words.
      const found = fieldErrors(parsed.error, input);
      delete found.events;
      setErrors(withUrlHint(found));
      setAttempt((value) => value + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (webhook) {
        const saved = await webhookApi.update(webhook.id, { ...parsed.data, description: parsed.data.description ?? '' });
        onSaved(saved);
        toast.success(t('webhooks.saved'));
        onClose();
      } else {
        const saved = await webhookApi.create(parsed.data);
        onSaved(saved);
        setCreated(saved);
        toast.success(t('webhooks.created'));
      }
    } catch (error) {
      const onFields = serverFieldErrors(error, FIELDS);
      if (onFields?.events) {
        delete onFields.events;
        setEventsMissing(true);
      }
      if (onFields) setErrors(withUrlHint(onFields));
      else setFormError(errorText(error, webhook ? 'settings:webhooks.errors.save' : 'settings:webhooks.errors.create'));
      setAttempt((value) => value + 1);
    } finally {
      setBusy(false);
    }
  };

  if (created) return <WebhookSecretModal url={created.url} secret={created.secret} onClose={onClose} />;

  return (
    <Modal title={webhook ? t('webhooks.edit_title') : t('webhooks.new_title')} onClose={busy ? undefined : onClose}>
      <form ref={form} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={formError} />
        <TextField
          label={t('webhooks.url')}
          name="url"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={errors.url}
          hint={t('webhooks.url_hint')}
          placeholder={t('webhooks.url_placeholder')}
          maxLength={2048}
          spellCheck={false}
          autoComplete="off"
          required
        />
        <TextField
          label={t('webhooks.description_optional')}
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
          placeholder={t('webhooks.description_placeholder')}
          maxLength={255}
        />
        <WebhookEventsField
          value={events}
          onChange={(next) => {
            setEvents(next);
            if (next.length > 0) setEventsMissing(false);
          }}
          missing={eventsMissing}
          disabled={busy}
        />
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? t('webhooks.saving') : webhook ? t('webhooks.save') : t('webhooks.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
