<?php

declare(strict_types=1);

namespace Cairn\Exception;

/**
 * 403 insufficient_scope (the Pinning Service API's INSUFFICIENT_SCOPE): the API token lacks the
 * scope the call needs, which `getScope()` names (e.g. `files:write`).
 */
class InsufficientScopeException extends PermissionException
{
    /**
     * @param list<array{path: string, message: string}> $details
     */
    public function __construct(
        int $status,
        string $errorCode,
        string $message,
        array $details = [],
        ?string $requestId = null,
        ?int $retryAfter = null,
        private readonly ?string $scope = null,
    ) {
        parent::__construct($status, $errorCode, $message, $details, $requestId, $retryAfter);
    }

    public function getScope(): ?string
    {
        return $this->scope;
    }
}
