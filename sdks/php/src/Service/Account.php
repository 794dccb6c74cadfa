<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * The signed-in account: profile, storage usage and referrals.
 *
 * @phpstan-import-type ReferralSummary from Models
 * @phpstan-import-type Usage from Models
 * @phpstan-import-type User from Models
 */
final class Account
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /** @return User the profile */
    public function me(): array
    {
        return $this->transport->send(new Request('GET', '/users/me'));
    }

    /**
     * Bytes the account's records hold (`used`) against its `limit` (`planLimit` + `bonus`).
     *
     * @return Usage
     */
    public function usage(): array
    {
        return $this->transport->send(new Request('GET', '/users/me/usage'));
    }

    /** @return ReferralSummary code, link, totals in MB (2^20 bytes) and the newest referred accounts */
    public function referrals(): array
    {
        return $this->transport->send(new Request('GET', '/referrals/me'));
    }
}
