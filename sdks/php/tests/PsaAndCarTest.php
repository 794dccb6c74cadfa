<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Exception\AuthenticationException;
use Cairn\Exception\InsufficientScopeException;
use Cairn\Exception\NotFoundException;
use Cairn\Exception\ValidationException;
use PHPUnit\Framework\TestCase;

/** What the scenario leaves out: replacing a pin request, the PSA's errors, a CAR from a stream. */
final class PsaAndCarTest extends TestCase
{
    /** @return array{0: \Cairn\Client, 1: string, 2: string} a client and the CIDs of two files it holds */
    private static function clientWithTwoFiles(): array
    {
        $client = Harness::client(Harness::client(Harness::signUp()['session'])->tokens->create('php-psa', 1)['token']);
        $cids = [];
        foreach (['v1', 'v2'] as $name) {
            $stream = fopen('php://memory', 'w+b');
            fwrite($stream, "$name " . random_bytes(4096));
            rewind($stream);
            $cids[] = $client->uploads->stream($stream, "$name.bin")['cid'];
            fclose($stream);
        }
        return [$client, $cids[0], $cids[1]];
    }

    public function testReplacingAPinRequestAndListingByCid(): void
    {
        [$client, $v1, $v2] = self::clientWithTwoFiles();
        $first = $client->psa->wait($client->psa->add($v1, ['name' => 'site']), 60, 0.2);
        $second = $client->psa->replace($first['requestid'], $v2, ['name' => 'site', 'meta' => ['rev' => '2']]);
        self::assertNotSame($first['requestid'], $second['requestid']);
        self::assertSame([$v2, 'site', ['rev' => '2']], [$second['pin']['cid'], $second['pin']['name'], $second['pin']['meta']]);
        $client->psa->wait($second, 60, 0.2);

        // The replaced request goes once the new one is pinned, in the background.
        $deadline = microtime(true) + 20;
        while (($left = $client->psa->list(['cid' => [$v1], 'status' => ['queued', 'pinning', 'pinned', 'failed']])['count']) > 0 && microtime(true) < $deadline) {
            usleep(200_000);
        }
        self::assertSame(0, $left, 'the replaced request is gone');
        $byNew = $client->psa->list(['cid' => [$v2, $v1], 'limit' => 5]);
        self::assertSame([$second['requestid']], array_column($byNew['results'], 'requestid'));
        self::assertSame(1, $client->psa->list(['name' => 'SIT', 'match' => 'ipartial'])['count']);
    }

    public function testPinningServiceErrorsBecomeTypedExceptions(): void
    {
        [$client] = self::clientWithTwoFiles();
        try {
            $client->psa->list(['cid' => ['not-a-cid']]);
            self::fail('Expected a ValidationException');
        } catch (ValidationException $e) {
            self::assertSame([400, 'invalid_cid'], [$e->getStatus(), $e->getErrorCode()]);
            self::assertNotSame('INVALID_CID', $e->getMessage(), 'the details are the message');
        }
        try {
            $client->psa->replace('00000000-0000-4000-8000-000000000000', 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku');
            self::fail('Expected a NotFoundException');
        } catch (NotFoundException $e) {
            self::assertSame([404, 'not_found'], [$e->getStatus(), $e->getErrorCode()]);
        }
        try {
            Harness::client('cairn_not-a-real-token')->psa->list();
            self::fail('Expected an AuthenticationException');
        } catch (AuthenticationException $e) {
            self::assertSame([401, 'unauthorized'], [$e->getStatus(), $e->getErrorCode()]);
        }
        $reader = $client->tokens->create('php-psa-less', 1, scopes: ['files:read'])['token'];
        try {
            Harness::client($reader)->psa->list();
            self::fail('Expected an InsufficientScopeException');
        } catch (InsufficientScopeException $e) {
            // The PSA error shape has no scope field: the SDK reads it from the details.
            self::assertSame([403, 'insufficient_scope', 'psa'], [$e->getStatus(), $e->getErrorCode(), $e->getScope()]);
        }
    }

    public function testACarStreamedAsTheRequestBody(): void
    {
        [$client, $v1] = self::clientWithTwoFiles();
        $car = fopen('php://temp', 'w+b');
        $ch = curl_init(Harness::$url . '/ipfs/' . $v1 . '?format=car');
        curl_setopt_array($ch, [CURLOPT_FILE => $car, CURLOPT_TIMEOUT => 30]);
        curl_exec($ch);
        self::assertSame(200, curl_getinfo($ch, CURLINFO_RESPONSE_CODE));
        curl_close($ch);
        $size = ftell($car);

        $other = Harness::client(Harness::client(Harness::signUp()['session'])->tokens->create('php-car', 1)['token']);
        foreach ([['size' => $size], []] as $i => $options) {
            rewind($car);
            $record = $other->uploads->carStream($car, $options + ['name' => 'from-car']);
            self::assertSame([$v1, 'from-car', $i === 1], [$record['cid'], $record['name'], $record['duplicate']]);
        }
        fclose($car);
    }
}
