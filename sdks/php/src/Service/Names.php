<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * IPNS names: keys Cairn keeps for the account, each a `k51…` name that points at content the
 * account holds and can be published again as the content changes. A name is addressed by its
 * `id`; resolve() takes the `k51…` name itself, of any account.
 *
 * @phpstan-import-type Name from Models
 * @phpstan-import-type NameList from Models
 * @phpstan-import-type NameDeleted from Models
 * @phpstan-import-type NamePublication from Models
 * @phpstan-import-type NameHistory from Models
 * @phpstan-import-type NameKeyExport from Models
 * @phpstan-import-type NameResolution from Models
 */
final class Names
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /** @return list<Name> every name of the account (at most 100), oldest first */
    public function list(): array
    {
        /** @var NameList $list */
        $list = $this->transport->send(new Request('GET', '/names', idempotent: true));
        return $list['names'];
    }

    /**
     * Not retried: a repeat would make a second name.
     *
     * @return Name a new name with a new key; it points nowhere until published
     */
    public function create(string $label): array
    {
        return $this->transport->send(new Request('POST', '/names', json: ['label' => $label], idempotent: false));
    }

    /** @return Name */
    public function get(string $nameId): array
    {
        return $this->transport->send(new Request('GET', self::path($nameId), idempotent: true));
    }

    /** @return Name the label changes, the name and its value stay; the same label twice changes nothing, so it is retried */
    public function rename(string $nameId, string $label): array
    {
        return $this->transport->send(new Request('PATCH', self::path($nameId), json: ['label' => $label], idempotent: true));
    }

    /**
     * The key, its record and its history are gone: the name no longer resolves here. Not
     * retried: a repeat of a delete that did happen would answer name_not_found.
     *
     * @return NameDeleted
     */
    public function delete(string $nameId): array
    {
        return $this->transport->send(new Request('DELETE', self::path($nameId), idempotent: false));
    }

    /**
     * Points the name at $value: a CID, or `/ipfs/{cid}[/{path}]`, whose CID is one of the
     * account's files (else a ValidationException, name_value_not_held). Each call signs a new
     * record under the next sequence number, so it is not retried.
     *
     * @param array{ttlSeconds?: int, validityHours?: int} $options ttlSeconds: how long resolvers
     *     may cache the value (1 to 86400, 60 by default); validityHours: how long each signed
     *     record stays valid (1 to 8760, 48 by default)
     * @return Name the name with its new value
     */
    public function publish(string $nameId, string $value, array $options = []): array
    {
        return $this->transport->send(new Request('POST', self::path($nameId) . '/publish', json: ['value' => $value] + $options, idempotent: false));
    }

    /**
     * @param int|null $limit publications to return, 1 to 200 (50 by default)
     * @return list<NamePublication> newest first
     */
    public function history(string $nameId, ?int $limit = null): array
    {
        $query = $limit === null ? [] : ['limit' => $limit];
        /** @var NameHistory $history */
        $history = $this->transport->send(new Request('GET', self::path($nameId) . '/history', $query, idempotent: true));
        return $history['publications'];
    }

    /**
     * Publishes the value of publication $sequence again, under the next sequence number; an
     * unknown sequence is a NotFoundException (publication_not_found). Not retried, as publish().
     *
     * @param array{ttlSeconds?: int} $options
     * @return Name the name with the earlier value
     */
    public function rollback(string $nameId, int $sequence, array $options = []): array
    {
        return $this->transport->send(new Request('POST', self::path($nameId) . '/rollback', json: ['sequence' => $sequence] + $options, idempotent: false));
    }

    /**
     * The name's Ed25519 private key as the libp2p protobuf, base64, which
     * `ipfs key import <label> --format=libp2p-protobuf-cleartext` reads. Full-access tokens only;
     * whoever holds it can publish the name.
     *
     * @return NameKeyExport
     */
    public function exportKey(string $nameId): array
    {
        return $this->transport->send(new Request('GET', self::path($nameId) . '/key', idempotent: true));
    }

    /**
     * What a `k51…` name (or peer id) points to, from the records Cairn holds; a name with no
     * record there is a NotFoundException (name_not_resolved).
     *
     * @return NameResolution
     */
    public function resolve(string $name): array
    {
        return $this->transport->send(new Request('GET', '/resolve/' . rawurlencode($name), idempotent: true));
    }

    private static function path(string $nameId): string
    {
        return '/names/' . rawurlencode($nameId);
    }
}
