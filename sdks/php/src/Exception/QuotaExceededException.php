<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** 403 quota_exceeded: storing this would take the account over its limit. */
class QuotaExceededException extends ApiException
{
}
