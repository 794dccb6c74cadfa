import { describe, expect, it } from 'vitest';
import { nextAttemptAt, shouldDisable, WEBHOOK_DISABLE_AFTER, WEBHOOK_RETRY_WINDOW_MS } from './policy';

const MINUTE = 60_000;
const middle = () => 0.5;

describe('webhook retries', () => {
  it('backs off exponentially, then every 8 hours', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempts) => nextAttemptAt(0, 0, attempts, middle)! / MINUTE);
    expect(waits).toEqual([1, 5, 10, 30, 60, 120, 240, 480, 480]);
  });

  it('keeps each retry within ±10 % of its wait', () => {
    expect(nextAttemptAt(0, 0, 5, () => 0)).toBe(54 * MINUTE);
    expect(nextAttemptAt(0, 0, 5, () => 0.999999)).toBeLessThanOrEqual(66 * MINUTE);
    expect(nextAttemptAt(0, 0, 5, () => 0.999999)).toBeGreaterThan(65.9 * MINUTE);
  });

  it('retries for 24 hours from the first attempt, then gives up', () => {
    let at = 0;
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const next = nextAttemptAt(0, at, attempts, middle);
      if (next === null) break;
      at = next;
    }
    expect(at).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(at).toBeGreaterThan(WEBHOOK_RETRY_WINDOW_MS - 8 * 60 * MINUTE);
    expect(attempts).toBe(10);
  });

  it('turns an endpoint off after the set number of given-up deliveries in a row', () => {
    expect(shouldDisable(WEBHOOK_DISABLE_AFTER - 1)).toBe(false);
    expect(shouldDisable(WEBHOOK_DISABLE_AFTER)).toBe(true);
  });
});
