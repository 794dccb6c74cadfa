/**
 * Bytes per second over a sliding window: steadier than the last interval alone, and it falls to
 * zero when nothing moves (no stale speed while the queue waits out a backoff).
 */
export class SpeedMeter {
  readonly #windowMs: number;
  readonly #samples: Array<{ at: number; total: number }> = [];

  constructor(windowMs = 5000) {
    this.#windowMs = windowMs;
  }

  /** Records the running total of bytes sent at time `at`; returns the current speed. */
  sample(at: number, total: number): number {
    this.#samples.push({ at, total });
    while (this.#samples.length > 2 && this.#samples[0]!.at < at - this.#windowMs) this.#samples.shift();
    const first = this.#samples[0]!;
    const elapsed = at - first.at;
    if (elapsed <= 0) return 0;
    return Math.max(0, ((total - first.total) * 1000) / elapsed);
  }
}
