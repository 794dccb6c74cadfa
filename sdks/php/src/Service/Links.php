<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * Signed access links: a gateway URL that opens one record's content, private or public, without
 * an account until it expires (1 second to 30 days), is revoked, or (single use) was opened once.
 *
 * @phpstan-import-type AccessLink from Models
 * @phpstan-import-type AccessLinkList from Models
 */
final class Links
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * @param int $expiresIn seconds the link lasts
     * @param array{downloadName?: string, singleUse?: bool} $options downloadName: the content
     *     downloads under this name; singleUse: the link opens it once
     * @return AccessLink not retried: a repeat would make a second link
     */
    public function create(string $uploadId, int $expiresIn, array $options = []): array
    {
        $body = ['expiresIn' => $expiresIn, 'singleUse' => $options['singleUse'] ?? false];
        if (($options['downloadName'] ?? '') !== '') {
            $body['downloadName'] = $options['downloadName'];
        }
        return $this->transport->send(new Request('POST', self::path($uploadId), json: $body, idempotent: false));
    }

    /** @return list<AccessLink> the record's links that still open it, newest first */
    public function list(string $uploadId): array
    {
        return $this->transport->send(new Request('GET', self::path($uploadId), idempotent: true))['links'];
    }

    /**
     * Stops a link from opening the record; one revoked already is a NotFoundException
     * (link_not_found), so a retry would mislead: not retried.
     */
    public function revoke(string $uploadId, string $linkId): void
    {
        $this->transport->sendForResponse(new Request('DELETE', self::path($uploadId) . '/' . rawurlencode($linkId), idempotent: false));
    }

    private static function path(string $uploadId): string
    {
        return '/files/' . rawurlencode($uploadId) . '/links';
    }
}
