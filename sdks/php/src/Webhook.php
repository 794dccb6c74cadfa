<?php

declare(strict_types=1);

namespace Cairn;

use Cairn\Exception\WebhookVerificationException;

/**
 * Verifying a webhook delivery: the `Cairn-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256>`,
 * keyed with the endpoint's whole signing secret over `<t>.<raw body>`.
 */
final class Webhook
{
    public const DEFAULT_TOLERANCE = 300;

    // Only spaces and tabs: every SDK trims the same characters, whatever its language calls whitespace.
    private const BLANKS = " \t";

    /**
     * Checks that a delivery was signed by Cairn with $secret (the endpoint's `whsec_…` signing
     * secret) within $tolerance seconds (0: no check) and returns its event (`id`, `type`,
     * `createdAt`, `data`). $body is the raw body as received (file_get_contents('php://input')),
     * never JSON decoded and encoded again.
     *
     * @return array<string, mixed>
     * @throws WebhookVerificationException
     */
    public static function verify(
        string $body,
        string $header,
        string $secret,
        int $tolerance = self::DEFAULT_TOLERANCE,
        ?int $now = null,
    ): array {
        [$timestamp, $signatures] = self::parseHeader($header);
        $now ??= time();
        if ($tolerance > 0 && abs($now - (int) $timestamp) > $tolerance) {
            throw new WebhookVerificationException(
                WebhookVerificationException::TIMESTAMP_OUTSIDE_TOLERANCE,
                'The webhook timestamp is outside the tolerance',
            );
        }
        $expected = hash_hmac('sha256', $timestamp . '.' . $body, $secret);
        // Every signature is compared, so the time taken does not tell which one matched.
        $matched = false;
        foreach ($signatures as $signature) {
            $matched = hash_equals($expected, $signature) || $matched;
        }
        if (!$matched) {
            throw new WebhookVerificationException(
                WebhookVerificationException::SIGNATURE_MISMATCH,
                'No webhook signature matches the secret',
            );
        }
        /** @var array<string, mixed> */
        return json_decode($body, true, flags: JSON_THROW_ON_ERROR);
    }

    /** @return array{string, list<string>} the timestamp as sent, and the v1 signatures */
    private static function parseHeader(string $header): array
    {
        if (trim($header, self::BLANKS) === '') {
            throw self::malformed('it is empty');
        }
        $timestamps = [];
        $signatures = [];
        foreach (explode(',', $header) as $pair) {
            $at = strpos($pair, '=');
            if ($at === false) {
                throw self::malformed('each entry must be key=value');
            }
            $key = trim(substr($pair, 0, $at), self::BLANKS);
            $value = trim(substr($pair, $at + 1), self::BLANKS);
            if ($key === 't') {
                $timestamps[] = $value;
            } elseif ($key === 'v1') {
                $signatures[] = $value;
            }
        }
        if (count($timestamps) !== 1) {
            throw self::malformed('it must have exactly one t');
        }
        // At most 15 digits, as in every SDK: beyond that a timestamp is not exact as a JavaScript number.
        if (preg_match('/\A[0-9]{1,15}\z/', $timestamps[0]) !== 1) {
            throw self::malformed('t must be unix seconds, in decimal digits');
        }
        if ($signatures === []) {
            throw self::malformed('it has no v1 signature');
        }
        return [$timestamps[0], $signatures];
    }

    private static function malformed(string $why): WebhookVerificationException
    {
        return new WebhookVerificationException(
            WebhookVerificationException::MALFORMED_HEADER,
            "Malformed Cairn-Signature header: {$why}",
        );
    }
}
