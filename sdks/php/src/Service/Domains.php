<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * Custom domains: host names of the account's that serve one of its IPNS names (`/ipns/<name>`)
 * or the root CID of one of its files (`/ipfs/<cid>`) once the DNSLink record the domain names is
 * in DNS and a check found it. Full-access tokens only.
 *
 * @phpstan-import-type Domain from Models
 * @phpstan-import-type DomainList from Models
 * @phpstan-import-type DomainDeleted from Models
 */
final class Domains
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /** @return list<Domain> every custom domain of the account (at most 20), oldest first */
    public function list(): array
    {
        /** @var DomainList $list */
        $list = $this->transport->send(new Request('GET', '/domains', idempotent: true));
        return $list['domains'];
    }

    /**
     * Adds $hostname to serve $target, an IPNS name of the account (`/ipns/<name>`) or the root
     * CID of one of its files (`/ipfs/<cid>`). A target the account does not hold is a
     * ValidationException (domain_target_not_held); a host name held already, or a 21st domain, a
     * ConflictException (domain_taken, domain_limit_reached). Not retried: a repeat of an add that
     * did happen would answer domain_taken.
     *
     * @return Domain pending, with the TXT record to create in `dnslinkRecord`
     */
    public function add(string $hostname, string $target): array
    {
        return $this->transport->send(new Request('POST', '/domains', json: ['hostname' => $hostname, 'target' => $target], idempotent: false));
    }

    /**
     * Checks the domain's DNSLink now. A repeat only checks again, so it is retried.
     *
     * @return Domain after the check: `verified`, or `failed` with `lastError` saying why
     */
    public function verify(string $domainId): array
    {
        return $this->transport->send(new Request('POST', self::path($domainId) . '/verify', idempotent: true));
    }

    /**
     * The host name serves nothing from now on. Not retried: a repeat of a delete that did happen
     * would answer domain_not_found.
     *
     * @return DomainDeleted
     */
    public function delete(string $domainId): array
    {
        return $this->transport->send(new Request('DELETE', self::path($domainId), idempotent: false));
    }

    private static function path(string $domainId): string
    {
        return '/domains/' . rawurlencode($domainId);
    }
}
