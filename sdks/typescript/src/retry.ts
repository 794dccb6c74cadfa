/** Retry policy: exponential backoff with full jitter, honouring the server's `Retry-After`. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries: number;
  /** First backoff in milliseconds (default 500). */
  baseDelayMs: number;
  /**
   * Longest wait between attempts in milliseconds (default 30000). A `Retry-After` longer than
   * this is not waited: the call fails at once with the error, its `retryAfter` set.
   */
  maxDelayMs: number;
}

export const defaultRetry: RetryOptions = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 30_000 };

/** True when the server asked for a longer wait than the policy allows: retrying sooner would only be refused again. */
export function waitsTooLong(retryAfterSeconds: number | undefined, options: RetryOptions): boolean {
  return retryAfterSeconds !== undefined && retryAfterSeconds * 1000 > options.maxDelayMs;
}

/** Statuses worth another attempt for an idempotent call. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503;
}

/**
 * Answers that say the server did nothing with the request (refused before reading it, or while
 * draining for a restart, leaving no record and no charge): any call is sent again after one of
 * these, idempotent or not, when its body can be made again. sdks/retry-policy.json carries this
 * list to the other SDKs.
 */
export const NOTHING_DONE: readonly { status: number; code: string }[] = [
  { status: 429, code: 'rate_limited' },
  { status: 503, code: 'shutting_down' },
];

export function saysNothingDone(status: number, code: string): boolean {
  return NOTHING_DONE.some((answer) => answer.status === status && answer.code === code);
}

/** How long to wait before retry number `attempt` (1-based). */
export function backoffDelay(attempt: number, options: RetryOptions, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined) return retryAfterSeconds * 1000;
  const ceiling = Math.min(options.baseDelayMs * 2 ** (attempt - 1), options.maxDelayMs);
  return Math.random() * ceiling;
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
