<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** 404, e.g. file_not_found, pin_not_found, cid_not_found. */
class NotFoundException extends ApiException
{
}
