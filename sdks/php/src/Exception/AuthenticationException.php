<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** 401: missing, invalid, expired or revoked credential (token_revoked, token_expired, ...). */
class AuthenticationException extends ApiException
{
}
