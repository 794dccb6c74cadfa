<?php

declare(strict_types=1);

namespace Cairn;

/**
 * How calls that are safe to repeat (GET, PATCH, DELETE) are retried after a 429, a 503 or a
 * connection error: exponential backoff with full jitter, or the server's Retry-After. Uploads
 * and other POSTs are never retried, since repeating them could record content twice. The
 * exceptions follow what a repeat would do: adding records to a group or taking them out is
 * retried, deleting a group or revoking a link is not (a repeat would answer 404).
 */
final class RetryPolicy
{
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
