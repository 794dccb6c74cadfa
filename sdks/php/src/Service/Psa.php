<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Exception\PinFailedException;
use Cairn\Exception\TimeoutException;
use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * The IPFS Pinning Service API (`/psa/pins`, outside `/api/v2`), the interface IPFS tools speak.
 * A pin status (PsaPinStatus) has a requestid, a status (queued, pinning, pinned, failed),
 * created, the pin (cid, name, origins, meta), delegates and info (status_details, and upload_id
 * once recorded). Its errors, `{"error": {"reason", "details"}}`, become the same typed exceptions
 * as the rest of the API's, the reason lower-cased as the code (`not_found`, `bad_request`).
 *
 * @phpstan-import-type PsaPinResults from Models
 * @phpstan-import-type PsaPinStatus from Models
 */
final class Psa
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * Asks for a CID to be pinned; answers at once with the request (`queued` or further on).
     *
     * @param array{name?: string, origins?: list<string>, meta?: array<string, string>} $options
     * @return PsaPinStatus the pin status
     */
    public function add(string $cid, array $options = []): array
    {
        return $this->transport->send(new Request('POST', '/psa/pins', json: self::pin($cid, $options), base: ''));
    }

    /** @return PsaPinStatus */
    public function get(string $requestId): array
    {
        return $this->transport->send(new Request('GET', '/psa/pins/' . rawurlencode($requestId), base: ''));
    }

    /**
     * The requests matching every filter, newest first, and how many match in all (`count`).
     * Without `status` the server lists only pinned ones. Page with `before` set to the oldest
     * `created` seen.
     *
     * @param array{cid?: list<string>, name?: string, match?: string, status?: list<string>,
     *     before?: string, after?: string, limit?: int, meta?: array<string, string>} $filters
     *     match: exact (default), iexact, partial or ipartial
     * @return PsaPinResults
     */
    public function list(array $filters = []): array
    {
        $query = [];
        foreach ($filters as $key => $value) {
            $query[$key] = match ($key) {
                'cid', 'status' => implode(',', (array) $value),
                'meta' => json_encode((object) $value, JSON_THROW_ON_ERROR),
                default => $value,
            };
        }
        return $this->transport->send(new Request('GET', '/psa/pins', $query, base: ''));
    }

    /**
     * Replaces a request by a new one (returned, with its own requestid); the old one goes once
     * the new one is pinned, and stays if it fails.
     *
     * @param array{name?: string, origins?: list<string>, meta?: array<string, string>} $options
     * @return PsaPinStatus the new pin status
     */
    public function replace(string $requestId, string $cid, array $options = []): array
    {
        return $this->transport->send(new Request('POST', '/psa/pins/' . rawurlencode($requestId), json: self::pin($cid, $options), base: ''));
    }

    /** Removes a request; a pinned one's record is deleted and refunded. */
    public function remove(string $requestId): void
    {
        // A request removed already is not found any more: a retry would report a success as a failure.
        $this->transport->sendForResponse(new Request('DELETE', '/psa/pins/' . rawurlencode($requestId), base: '', idempotent: false));
    }

    /**
     * Polls a request until it is pinned (returned) or failed (PinFailedException, its code the
     * request's `info.error_code`); a TimeoutException after $timeout seconds.
     *
     * @param PsaPinStatus $status
     * @return PsaPinStatus
     */
    public function wait(array $status, float $timeout = 600.0, float $interval = 1.0): array
    {
        $deadline = microtime(true) + $timeout;
        while ($status['status'] !== 'pinned') {
            if ($status['status'] === 'failed') {
                throw new PinFailedException([
                    'cid' => $status['pin']['cid'],
                    'error' => $status['info']['status_details'] ?? null,
                    'errorCode' => $status['info']['error_code'] ?? null,
                ]);
            }
            if (microtime(true) + $interval > $deadline) {
                throw new TimeoutException("The pin request {$status['requestid']} is still {$status['status']} after {$timeout} s");
            }
            usleep((int) ($interval * 1_000_000));
            $status = $this->get($status['requestid']);
        }
        return $status;
    }

    /**
     * @param array<string, mixed> $options
     * @return array<string, mixed>
     */
    private static function pin(string $cid, array $options): array
    {
        $pin = ['cid' => $cid];
        foreach (['name', 'origins'] as $key) {
            if (isset($options[$key])) {
                $pin[$key] = $options[$key];
            }
        }
        if (isset($options['meta'])) {
            $pin['meta'] = (object) $options['meta'];
        }
        return $pin;
    }
}
