<?php

declare(strict_types=1);

namespace Cairn\Exception;

/**
 * 403 quota_exceeded: storing this would take the account over its limit (also the Pinning Service
 * API's 409 INSUFFICIENT_FUNDS, code `insufficient_funds`).
 */
class QuotaExceededException extends ApiException
{
}
