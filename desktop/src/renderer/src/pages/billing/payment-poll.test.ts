import { describe, expect, it } from 'vitest';
import type { Payment, PaymentStatus } from '@cairn/shared/api-types';
import { isUnsettled, pollPayment } from './payment-poll';

const plan = {
  code: 'pro',
  name: 'Pro',
  storageLimitBytes: 1,
  priceMonthlyEur: 9.99,
  description: '',
  active: true,
  isDefault: false,
  egressLimitBytes: null,
  egressOverLimit: 'block' as const,
  requestLimitFactor: 1,
};
const payment = (status: PaymentStatus, applied = false): Payment => ({
  transactionId: 't1',
  status,
  planCode: 'pro',
  amountEur: 9.99,
  currency: 'EUR',
  method: 'card',
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: null,
  plan,
  applied,
  endedAt: null,
});

function sequence(...answers: Payment[]) {
  let calls = 0;
  const load = () => Promise.resolve(answers[Math.min(calls++, answers.length - 1)]!);
  return { load, calls: () => calls };
}

describe('pollPayment', () => {
  it('asks again while the payment is pending and stops once it is paid and applied', async () => {
    const answers = sequence(payment('pending'), payment('pending'), payment('paid', true), payment('pending'));
    const seen: string[] = [];
    const result = await pollPayment(answers.load, {
      attempts: 10,
      intervalMs: 1,
      signal: new AbortController().signal,
      onUpdate: (p) => seen.push(p.status),
    });
    expect(result.status).toBe('paid');
    expect(result.applied).toBe(true);
    expect(answers.calls()).toBe(3);
    expect(seen).toEqual(['pending', 'pending', 'paid']);
  });

  it('gives up after the allowed number of attempts and returns the last answer', async () => {
    const answers = sequence(payment('pending'));
    const result = await pollPayment(answers.load, { attempts: 4, intervalMs: 1, signal: new AbortController().signal });
    expect(result.status).toBe('pending');
    expect(answers.calls()).toBe(4);
  });

  it('does not ask again for a settled outcome', async () => {
    const answers = sequence(payment('declined'), payment('paid', true));
    const result = await pollPayment(answers.load, { attempts: 5, intervalMs: 1, signal: new AbortController().signal });
    expect(result.status).toBe('declined');
    expect(answers.calls()).toBe(1);
  });

  it('stops waiting when the screen goes away', async () => {
    const controller = new AbortController();
    const answers = sequence(payment('pending'));
    const polling = pollPayment(answers.load, { attempts: 5, intervalMs: 10_000, signal: controller.signal });
    await Promise.resolve();
    controller.abort(new Error('left the page'));
    await expect(polling).rejects.toThrow('left the page');
    expect(answers.calls()).toBe(1);
  });

  it('treats a paid payment whose plan is not applied yet as unsettled', () => {
    expect(isUnsettled(payment('paid', false))).toBe(true);
    expect(isUnsettled(payment('paid', true))).toBe(false);
    expect(isUnsettled(payment('cancel'))).toBe(false);
  });
});
