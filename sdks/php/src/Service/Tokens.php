<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * The account's API tokens (ApiToken): id, name, prefix, allowedIp, expiresAt, createdAt,
 * lastUsedAt, lastUsedIp, revokedAt, status (active, expired, revoked), scopes (what it may do;
 * `['all']` is full access) and groupId (the one group it is limited to, or null).
 *
 * @phpstan-import-type ApiToken from Models
 * @phpstan-import-type ApiTokenCreated from Models
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
     * @param list<string>|null $scopes what the token may do (`['files:read', 'pins:write']`: all,
     *     files:read, files:write, pins:write, groups:write, psa, links:write, admin:*); null makes
     *     a full-access token
     * @param string|null $groupId limits the token to one group
     * @return ApiTokenCreated
     */
    public function create(
        string $name,
        ?int $expiresInDays,
        ?string $allowedIp = null,
        ?array $scopes = null,
        ?string $groupId = null,
    ): array {
        $body = ['name' => $name, 'expiresInDays' => $expiresInDays];
        if ($allowedIp !== null && $allowedIp !== '') {
            $body['allowedIp'] = $allowedIp;
        }
        if ($scopes !== null) {
            $body['scopes'] = array_values($scopes);
        }
        if ($groupId !== null) {
            $body['groupId'] = $groupId;
        }
        return $this->transport->send(new Request('POST', '/tokens/generate', json: $body));
    }

    /** @return list<ApiToken> every token, expired and revoked ones included */
    public function list(): array
    {
        return $this->transport->send(new Request('GET', '/tokens'))['tokens'];
    }

    /** @return ApiToken the revoked token; revoking again keeps the first time */
    public function revoke(string $id): array
    {
        return $this->transport->send(new Request('DELETE', '/tokens/' . rawurlencode($id)));
    }
}
