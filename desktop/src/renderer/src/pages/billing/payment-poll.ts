import type { Payment } from '@cairn/shared/api-types';

/** Still worth asking again: not settled yet, or settled as paid but the plan not applied yet. */
export const isUnsettled = (payment: Payment) => payment.status === 'pending' || (payment.status === 'paid' && !payment.applied);

export interface PollOptions {
  /** How many times to ask in all (the first included). */
  attempts: number;
  intervalMs: number;
  signal: AbortSignal;
  /** Sees each answer as it arrives, so the screen can show progress. */
  onUpdate?(payment: Payment): void;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Asks for a payment until it settles, a bounded number of times: the return from the payment page
 * can arrive before the payment provider has confirmed it. Resolves with the last answer.
 */
export async function pollPayment(load: (signal: AbortSignal) => Promise<Payment>, options: PollOptions): Promise<Payment> {
  let payment = await load(options.signal);
  options.onUpdate?.(payment);
  for (let attempt = 1; attempt < options.attempts && isUnsettled(payment); attempt += 1) {
    await pause(options.intervalMs, options.signal);
    payment = await load(options.signal);
    options.onUpdate?.(payment);
  }
  return payment;
}
