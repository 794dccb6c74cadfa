import type { Clock } from '../src/jobs/clock';

/**
 * A clock a test moves by hand: nothing that waits on it wakes until the test says the time has
 * come, so a lease that expires or a retry an hour away is one step of the test.
 */
export interface ManualClock extends Clock {
  /** Moves the time on by `ms` and wakes every wait that is then due. */
  advance(ms: number): void;
  /** How many waits are pending now. */
  readonly waiting: number;
}

export function manualClock(start = Date.parse('2026-01-01T00:00:00Z')): ManualClock {
  let now = start;
  const waits = new Set<{ at: number; wake: () => void }>();
  return {
    now: () => now,
    sleep(ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const wait = { at: now + Math.max(0, ms), wake };
        function wake() {
          waits.delete(wait);
          signal?.removeEventListener('abort', wake);
          resolve();
        }
        waits.add(wait);
        signal?.addEventListener('abort', wake, { once: true });
      });
    },
    advance(ms) {
      now += ms;
      for (const wait of [...waits]) if (wait.at <= now) wait.wake();
    },
    get waiting() {
      return waits.size;
    },
  };
}
