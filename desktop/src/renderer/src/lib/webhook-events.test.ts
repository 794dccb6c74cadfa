import { webhookEventTypeValues } from '@cairn/shared/api-types';
import { describe, expect, it } from 'vitest';
import {
  deliveryDueSoon,
  groupState,
  turnedOffByFailures,
  WEBHOOK_EVENT_GROUPS,
  webhookEventLabelKey,
  webhookStatus,
  withEvents,
} from './webhook-events';

describe('webhook event groups', () => {
  it('hold every event type of the contract once, in its order', () => {
    expect(WEBHOOK_EVENT_GROUPS.flatMap((group) => group.events)).toEqual([...webhookEventTypeValues]);
  });

  it('say whether all, some or none of a group is chosen', () => {
    const pins = WEBHOOK_EVENT_GROUPS.find((group) => group.key === 'pins')!.events;
    expect(groupState([], pins)).toBe('none');
    expect(groupState(['upload.created'], pins)).toBe('none');
    expect(groupState(['pin.pinned'], pins)).toBe('some');
    expect(groupState([...pins], pins)).toBe('all');
  });

  it('add and take away events keeping the contract order and no duplicate', () => {
    expect(withEvents(['payment.failed', 'upload.created'], ['pin.failed', 'upload.created'], true)).toEqual([
      'upload.created',
      'pin.failed',
      'payment.failed',
    ]);
    expect(withEvents(['upload.created', 'pin.failed', 'pin.queued'], ['pin.queued', 'pin.failed'], false)).toEqual(['upload.created']);
  });

  it('name a translation key per event type', () => {
    expect(webhookEventLabelKey('psa.pin.queued')).toBe('webhooks.event_psa_pin_queued');
    expect(webhookEventLabelKey('quota.near_limit')).toBe('webhooks.event_quota_near_limit');
  });
});

describe('webhook status', () => {
  it('tells an endpoint turned off by failures from one its owner turned off', () => {
    expect(webhookStatus({ enabled: true, disabledReason: null })).toBe('enabled');
    expect(webhookStatus({ enabled: false, disabledReason: null })).toBe('disabled');
    expect(webhookStatus({ enabled: false, disabledReason: 'Turned off after 15 deliveries' })).toBe('failing');
  });

  it('lists only the endpoints turned off by failures for the banner', () => {
    const hooks = [
      { id: 'a', enabled: true, disabledReason: null },
      { id: 'b', enabled: false, disabledReason: null },
      { id: 'c', enabled: false, disabledReason: 'failures' },
    ];
    expect(turnedOffByFailures(hooks).map((hook) => hook.id)).toEqual(['c']);
  });
});

describe('a delivery due soon', () => {
  const now = Date.parse('2026-11-28T10:00:00.000Z');
  it('is a pending one sent now or within seconds, not a retry due later nor a finished one', () => {
    expect(deliveryDueSoon({ status: 'pending', nextAttemptAt: null }, now)).toBe(true);
    expect(deliveryDueSoon({ status: 'pending', nextAttemptAt: '2026-11-28T09:59:00.000Z' }, now)).toBe(true);
    expect(deliveryDueSoon({ status: 'pending', nextAttemptAt: '2026-11-28T10:00:05.000Z' }, now)).toBe(true);
    expect(deliveryDueSoon({ status: 'pending', nextAttemptAt: '2026-11-28T10:01:00.000Z' }, now)).toBe(false);
    expect(deliveryDueSoon({ status: 'succeeded', nextAttemptAt: null }, now)).toBe(false);
    expect(deliveryDueSoon({ status: 'failed', nextAttemptAt: null }, now)).toBe(false);
  });
});
