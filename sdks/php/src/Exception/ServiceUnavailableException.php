<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** 503, e.g. content_unavailable. */
class ServiceUnavailableException extends ApiException
{
}
