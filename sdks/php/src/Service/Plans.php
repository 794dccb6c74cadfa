<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * Storage plans and changing the account's plan.
 *
 * @phpstan-import-type CheckoutResult from Models
 * @phpstan-import-type PlanList from Models
 */
final class Plans
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /** @return PlanList the plans one can choose, and the account's current one */
    public function list(): array
    {
        return $this->transport->send(new Request('GET', '/plans'));
    }

    /**
     * Moves the account to a plan; $acceptTerms says the user accepted the terms of service. A
     * free plan applies at once (`status: changed`, `plan`); a paid one answers
     * `status: redirect` with the `url` of the card payment page to send the user to.
     *
     * @return CheckoutResult
     */
    public function checkout(string $code, bool $acceptTerms): array
    {
        return $this->transport->send(new Request(
            'POST',
            '/plans/' . rawurlencode($code) . '/checkout',
            json: ['method' => 'card', 'acceptTerms' => $acceptTerms],
        ));
    }
}
