<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\Request;
use Cairn\Http\Transport;

/** The signed-in account: profile, storage usage and referrals. */
final class Account
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /** @return array<string, mixed> the profile: id, email, name, lastname, role, status, referralCode, ... */
    public function me(): array
    {
        return $this->transport->send(new Request('GET', '/users/me'));
    }

    /**
     * Bytes the account's records hold (`used`) against its `limit` (`planLimit` + `bonus`).
     *
     * @return array{used: int, limit: int, percent: float|int, limitReached: bool, planCode: string, planLimit: int, bonus: int, plan: array{code: string, name: string}}
     */
    public function usage(): array
    {
        return $this->transport->send(new Request('GET', '/users/me/usage'));
    }

    /** @return array<string, mixed> code, link, totals in MB (2^20 bytes) and the newest referred accounts */
    public function referrals(): array
    {
        return $this->transport->send(new Request('GET', '/referrals/me'));
    }
}
