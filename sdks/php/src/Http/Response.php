<?php

declare(strict_types=1);

namespace Cairn\Http;

/** An answer the server gave: its status, its headers (lower-cased names) and its JSON body, if any. */
final class Response
{
    /**
     * @param array<string, string> $headers
     * @param array<mixed>|null $body
     */
    public function __construct(
        public readonly int $status,
        public readonly array $headers,
        public readonly ?array $body,
    ) {
    }

    public function header(string $name): ?string
    {
        return $this->headers[strtolower($name)] ?? null;
    }
}
