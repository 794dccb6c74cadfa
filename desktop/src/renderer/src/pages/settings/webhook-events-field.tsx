import type { WebhookEventType } from '@cairn/shared/api-types';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { groupState, WEBHOOK_EVENT_GROUPS, webhookEventLabelKey, withEvents } from '../../lib/webhook-events';

interface Props {
  value: WebhookEventType[];
  onChange(value: WebhookEventType[]): void;
  /** Shown when nothing is chosen. */
  missing: boolean;
  disabled?: boolean;
}

/** The events an endpoint receives, grouped by what they are about, each group with an "all" box. */
export function WebhookEventsField({ value, onChange, missing, disabled }: Props) {
  const { t } = useTranslation('settings');
  const id = useId();
  return (
    <fieldset
      className="token-scopes webhook-events"
      disabled={disabled}
      aria-describedby={missing ? `${id}-error` : undefined}
      aria-invalid={missing || undefined}
    >
      <legend className="field-label">{t('webhooks.events')}</legend>
      <div className="scope-groups">
        {WEBHOOK_EVENT_GROUPS.map((group) => {
          const state = groupState(value, group.events);
          const groupName = t(`webhooks.group_${group.key}`);
          return (
            <fieldset key={group.key} className="scope-group" data-event-group={group.key}>
              <legend>{groupName}</legend>
              <label className="scope-option webhook-all">
                <input
                  type="checkbox"
                  checked={state === 'all'}
                  aria-checked={state === 'some' ? 'mixed' : state === 'all'}
                  ref={(box) => {
                    if (box) box.indeterminate = state === 'some';
                  }}
                  onChange={(event) => onChange(withEvents(value, group.events, event.target.checked))}
                  aria-label={t('webhooks.group_all', { group: groupName })}
                />
                <span>{t('webhooks.all')}</span>
              </label>
              {group.events.map((event) => (
                <label key={event} className="scope-option">
                  <input
                    type="checkbox"
                    name="events"
                    value={event}
                    checked={value.includes(event)}
                    onChange={(change) => onChange(withEvents(value, [event], change.target.checked))}
                  />
                  <span className="scope-option-text">
                    <span>{t(webhookEventLabelKey(event))}</span>
                    <code className="scope-code">{event}</code>
                  </span>
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
      {missing && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {t('webhooks.events_required')}
        </p>
      )}
    </fieldset>
  );
}
