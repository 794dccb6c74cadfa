export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 60_000 };

/**
 * Exponential backoff with full jitter: a random wait in [0, min(max, base·2^n)). Jitter keeps
 * many desktop apps that lost the same server from coming back in lockstep; a Retry-After the
 * server sent is a floor, never shortened.
 */
export function backoffDelay(failures: number, policy: BackoffPolicy, random: () => number, retryAfterMs?: number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  const jittered = Math.floor(random() * ceiling);
  return Math.max(jittered, retryAfterMs ?? 0);
}
