<?php

declare(strict_types=1);

namespace Cairn;

/**
 * How calls that are safe to repeat (GET, PATCH, DELETE) are retried after a 429, a 503 or a
 * connection error: exponential backoff with full jitter, or the server's Retry-After (one longer
 * than $maxDelay is not waited: the call throws at once, the exception's getRetryAfter() says
 * how long the server asked for). Uploads
 * and other POSTs are never retried, since repeating them could record content twice. The
 * exceptions follow what a repeat would do: adding records to a group or taking them out is
 * retried, deleting a group or revoking a link is not (a repeat would answer 404).
 *
 * Any call is sent again, though, after an answer saying the server did nothing with it
 * (NOTHING_DONE: no record, no charge), when its body can be read again (a path, a seekable
 * stream). sdks/retry-policy.json lists those answers for every SDK.
 */
final class RetryPolicy
{
    /** The [status, code] of the answers saying the server did nothing with the request. */
    public const NOTHING_DONE = [[429, 'rate_limited'], [503, 'shutting_down']];

    public static function saysNothingDone(int $status, string $code): bool
    {
        return in_array([$status, strtolower($code)], self::NOTHING_DONE, true);
    }

    public function __construct(
        public readonly int $maxRetries = 3,
        public readonly float $baseDelay = 0.5,
        public readonly float $maxDelay = 30.0,
    ) {
    }

    public static function none(): self
    {
        return new self(0);
    }

    /** Seconds to wait before retry number $attempt (from 0). */
    public function delay(int $attempt, ?int $retryAfter): float
    {
        if ($retryAfter !== null && $retryAfter > 0) {
            return min((float) $retryAfter, $this->maxDelay);
        }
        $cap = min($this->baseDelay * (2 ** $attempt), $this->maxDelay);
        return $cap * (random_int(1, 1000) / 1000);
    }
}
