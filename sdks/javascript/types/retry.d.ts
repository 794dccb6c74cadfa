// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/** Retry policy: exponential backoff with full jitter, honouring the server's `Retry-After`. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries: number;
  /** First backoff in milliseconds (default 500). */
  baseDelayMs: number;
  /** Longest wait between attempts in milliseconds (default 8000). */
  maxDelayMs: number;
}
export declare const defaultRetry: RetryOptions;
/** Statuses worth another attempt for an idempotent call. */
export declare function isRetryableStatus(status: number): boolean;
/** How long to wait before retry number `attempt` (1-based). */
export declare function backoffDelay(attempt: number, options: RetryOptions, retryAfterSeconds?: number): number;
/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;
