<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** 429 rate_limited; getRetryAfter() says how long to wait. */
class RateLimitException extends ApiException
{
}
