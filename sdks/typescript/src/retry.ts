/** Retry policy: exponential backoff with full jitter, honouring the server's `Retry-After`. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries: number;
  /** First backoff in milliseconds (default 500). */
  baseDelayMs: number;
  /** Longest wait between attempts in milliseconds (default 8000). */
  maxDelayMs: number;
}

export const defaultRetry: RetryOptions = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 8000 };

/** Statuses worth another attempt for an idempotent call. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503;
}

/** How long to wait before retry number `attempt` (1-based). */
export function backoffDelay(attempt: number, options: RetryOptions, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined) return Math.min(retryAfterSeconds * 1000, options.maxDelayMs);
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
