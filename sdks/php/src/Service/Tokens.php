<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\Request;
use Cairn\Http\Transport;

/**
 * The account's API tokens: arrays with id, name, prefix, allowedIp, expiresAt, createdAt,
 * lastUsedAt, lastUsedIp, revokedAt and status (active, expired, revoked).
 */
final class Tokens
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * Creates a token; its secret (`token`, `cairn_…`) is in this answer only.
     *
     * @param int|null $expiresInDays 1 to 3650, or null for a token that never expires (which
     *     the server accepts only with $allowedIp)
     * @return array<string, mixed>
     */
    public function create(string $name, ?int $expiresInDays, ?string $allowedIp = null): array
    {
        $body = ['name' => $name, 'expiresInDays' => $expiresInDays];
        if ($allowedIp !== null && $allowedIp !== '') {
            $body['allowedIp'] = $allowedIp;
        }
        return $this->transport->send(new Request('POST', '/tokens/generate', json: $body));
    }

    /** @return list<array<string, mixed>> every token, expired and revoked ones included */
    public function list(): array
    {
        return $this->transport->send(new Request('GET', '/tokens'))['tokens'];
    }

    /** @return array<string, mixed> the revoked token; revoking again keeps the first time */
    public function revoke(string $id): array
    {
        return $this->transport->send(new Request('DELETE', '/tokens/' . rawurlencode($id)));
    }
}
