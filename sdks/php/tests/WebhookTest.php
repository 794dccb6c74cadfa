<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Exception\WebhookVerificationException;
use Cairn\Webhook;
use PHPUnit\Framework\TestCase;

/** Webhook::verify against sdks/webhook-vectors.json, the deliveries every SDK verifies the same way. */
final class WebhookTest extends TestCase
{
    /** @return list<array<string, mixed>> */
    private static function vectors(): array
    {
        $file = __DIR__ . '/../../webhook-vectors.json';
        return json_decode((string) file_get_contents($file), true, flags: JSON_THROW_ON_ERROR)['vectors'];
    }

    /** @return array<string, array{array<string, mixed>}> */
    public static function cases(): array
    {
        $cases = [];
        foreach (self::vectors() as $vector) {
            $cases[$vector['name']] = [$vector];
        }
        return $cases;
    }

    public function testTheVectorsCoverEveryOutcome(): void
    {
        $kinds = array_unique(array_map(static fn (array $v) => $v['error'] ?? 'valid', self::vectors()));
        sort($kinds);
        self::assertSame(['malformed_header', 'signature_mismatch', 'timestamp_outside_tolerance', 'valid'], $kinds);
    }

    /**
     * @dataProvider cases
     * @param array<string, mixed> $v
     */
    public function testVector(array $v): void
    {
        $tolerance = $v['tolerance'] ?? Webhook::DEFAULT_TOLERANCE;
        if (isset($v['error'])) {
            try {
                Webhook::verify($v['body'], $v['header'], $v['secret'], $tolerance, $v['now']);
                self::fail('accepted');
            } catch (WebhookVerificationException $e) {
                self::assertSame($v['error'], $e->getKind());
            }
            return;
        }
        $event = Webhook::verify($v['body'], $v['header'], $v['secret'], $tolerance, $v['now']);
        self::assertSame($v['eventId'], $event['id']);
        self::assertSame(json_decode($v['body'], true), $event);
    }

    public function testChecksTheTimestampAgainstTheClockWhenNoNowIsGiven(): void
    {
        $v = self::vectors()[0];
        $this->expectException(WebhookVerificationException::class);
        try {
            Webhook::verify($v['body'], $v['header'], $v['secret']);
        } catch (WebhookVerificationException $e) {
            self::assertSame(WebhookVerificationException::TIMESTAMP_OUTSIDE_TOLERANCE, $e->getKind());
            throw $e;
        }
    }
}
