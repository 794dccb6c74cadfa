<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** 403 other than quota_exceeded, e.g. admin_required. */
class PermissionException extends ApiException
{
}
