<?php

declare(strict_types=1);

namespace Cairn\Exception;

/**
 * The server answered with an error: `getStatus()` is the HTTP status, `getErrorCode()` the API's
 * stable snake_case code to branch on, `getMessage()` its English message. Subclasses name the
 * common kinds; `ApiException::fromResponse` picks the right one.
 */
class ApiException extends CairnException
{
    /**
     * @param list<array{path: string, message: string}> $details
     */
    public function __construct(
        private readonly int $status,
        private readonly string $errorCode,
        string $message,
        private readonly array $details = [],
        private readonly ?string $requestId = null,
        private readonly ?int $retryAfter = null,
    ) {
        parent::__construct($message, $status);
    }

    /**
     * Reads both error shapes: the API's `{"error": "…", "code": "…"}` and the Pinning Service
     * API's `{"error": {"reason": "NOT_FOUND", "details": "…"}}`, whose reason becomes the code in
     * lower case (`not_found`, `insufficient_funds`).
     *
     * @param array<string, mixed>|null $body the decoded JSON error, if any
     */
    public static function fromResponse(int $status, ?array $body, ?string $requestId, ?int $retryAfter): self
    {
        if (is_array($body['error'] ?? null)) {
            $reason = $body['error']['reason'] ?? null;
            $details = $body['error']['details'] ?? null;
            $body = [
                'code' => is_string($reason) ? strtolower($reason) : null,
                'error' => is_string($details) && $details !== '' ? $details : (is_string($reason) ? $reason : null),
            ];
        }
        $code = is_string($body['code'] ?? null) ? $body['code'] : 'http_' . $status;
        $message = is_string($body['error'] ?? null) ? $body['error'] : "HTTP $status";
        $details = is_array($body['details'] ?? null) ? $body['details'] : [];
        $requestId = is_string($body['requestId'] ?? null) ? $body['requestId'] : $requestId;
        if ($status === 403 && $code === 'insufficient_scope') {
            return new InsufficientScopeException(
                $status,
                $code,
                $message,
                $details,
                $requestId,
                $retryAfter,
                self::neededScope($body['scope'] ?? null, $message),
            );
        }
        $class = match (true) {
            $status === 400 => ValidationException::class,
            $status === 401 => AuthenticationException::class,
            $code === 'quota_exceeded', $code === 'insufficient_funds' => QuotaExceededException::class,
            $status === 403 => PermissionException::class,
            $status === 404 => NotFoundException::class,
            $status === 409 => ConflictException::class,
            $status === 429 => RateLimitException::class,
            $status === 503 => ServiceUnavailableException::class,
            default => self::class,
        };
        return new $class($status, $code, $message, $details, $requestId, $retryAfter);
    }

    /** The scope an insufficient_scope answer names: its `scope`, else (the Pinning Service API's shape has none) its message's. */
    private static function neededScope(mixed $given, string $message): ?string
    {
        if (is_string($given) && $given !== '') {
            return $given;
        }
        return preg_match('~lacks the (\S+) scope~', $message, $named) === 1 ? $named[1] : null;
    }

    public function getStatus(): int
    {
        return $this->status;
    }

    public function getErrorCode(): string
    {
        return $this->errorCode;
    }

    /** @return list<array{path: string, message: string}> one entry per invalid field on `validation_error` */
    public function getDetails(): array
    {
        return $this->details;
    }

    /** The X-Request-Id to quote to support. */
    public function getRequestId(): ?string
    {
        return $this->requestId;
    }

    /** Seconds the server asked to wait (Retry-After on 429 and 503), or null. */
    public function getRetryAfter(): ?int
    {
        return $this->retryAfter;
    }
}
