<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** 409, e.g. already_pinned, name_taken. */
class ConflictException extends ApiException
{
}
