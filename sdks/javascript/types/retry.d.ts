// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
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
export declare const defaultRetry: RetryOptions;
/** True when the server asked for a longer wait than the policy allows: retrying sooner would only be refused again. */
export declare function waitsTooLong(retryAfterSeconds: number | undefined, options: RetryOptions): boolean;
/** Statuses worth another attempt for an idempotent call. */
export declare function isRetryableStatus(status: number): boolean;
/**
 * Answers that say the server did nothing with the request (refused before reading it, or while
 * draining for a restart, leaving no record and no charge): any call is sent again after one of
 * these, idempotent or not, when its body can be made again. sdks/retry-policy.json carries this
 * list to the other SDKs.
 */
export declare const NOTHING_DONE: readonly {
  status: number;
  code: string;
}[];
export declare function saysNothingDone(status: number, code: string): boolean;
/** How long to wait before retry number `attempt` (1-based). */
export declare function backoffDelay(attempt: number, options: RetryOptions, retryAfterSeconds?: number): number;
/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;
