<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** 400, e.g. validation_error, invalid_cid, invalid_path. */
class ValidationException extends ApiException
{
}
