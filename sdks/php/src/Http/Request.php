<?php

declare(strict_types=1);

namespace Cairn\Http;

/** One API call: where, what body, and whether it may be sent again. */
final class Request
{
    /**
     * @param array<string, scalar> $query
     * @param array<string, mixed>|null $json a JSON body
     * @param (\Closure(\CurlHandle): list<string>)|null $body sets a streamed body on the handle
     *     (uploads) and gives the headers it needs
     * @param (callable(int, int): (bool|null))|null $progress
     * @param array<string, string> $headers extra request headers
     * @param string $base the prefix of $path on the server: the API's `/api/v2`, or '' for paths
     *     from the server's root (the Pinning Service API, a tus upload URL)
     * @param bool|null $idempotent whether the call may be sent again; null follows the method.
     *     Set where a repeat means something else: a POST that changes nothing the second time,
     *     or a DELETE whose repeat would answer 404.
     * @param bool $replayable whether $body can be set again for another attempt (false for a
     *     one-shot stream): even a call that is not idempotent is sent again after an answer
     *     saying nothing was done (RetryPolicy::NOTHING_DONE), unless this is false.
     */
    public function __construct(
        public readonly string $method,
        public readonly string $path,
        public readonly array $query = [],
        public readonly ?array $json = null,
        public readonly ?\Closure $body = null,
        public readonly mixed $progress = null,
        public readonly array $headers = [],
        public readonly string $base = '/api/v2',
        public readonly ?bool $idempotent = null,
        public readonly bool $replayable = true,
    ) {
    }

    public function isIdempotent(): bool
    {
        return $this->idempotent ?? in_array($this->method, ['GET', 'HEAD', 'PATCH', 'DELETE'], true);
    }
}
