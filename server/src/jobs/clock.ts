/**
 * Where background work reads the time and waits. The server runs on `systemClock`; a test hands
 * the server (or a runner) a clock it moves by hand (`server/test/clock.ts`), so that a retry an
 * hour away, a lease that expires or a schedule that comes due is a step of the test, not a sleep.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts; never rejects. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      // A wait never keeps the process alive on its own: whatever waits is stopped with the server.
      const timer = setTimeout(done, Math.max(0, ms)).unref();
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      signal?.addEventListener('abort', done, { once: true });
    }),
};

/** A clock reading as the database stores times. */
export const isoAt = (ms: number): string => new Date(ms).toISOString();
