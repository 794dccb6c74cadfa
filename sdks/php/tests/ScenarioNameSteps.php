<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Exception\NotFoundException;
use Cairn\Exception\ValidationException;

/**
 * Step 21 of the SDK scenario (sdks/scenario.md): a fresh user's IPNS name published, resolved,
 * published again, rolled back, refused content it does not hold, and deleted. Used by
 * ScenarioTest, whose state it reads (step 3's CID, held by the first user only).
 */
trait ScenarioNameSteps
{
    /** @depends testStep20APrivateFileThroughASignedLink */
    public function testStep21AnIpnsNamePublishedResolvedAndRolledBack(): void
    {
        $client = Harness::client(Harness::signUp()['session']);
        $made = $client->names->create('website');
        self::assertStringStartsWith('k51', $made['name']);
        self::assertSame(['website', null, null], [$made['label'], $made['value'], $made['sequence']]);

        $a = $client->uploads->file(self::randomFile(self::$dir . '/name-a.bin', 1024))['cid'];
        $b = $client->uploads->file(self::randomFile(self::$dir . '/name-b.bin', 1024))['cid'];
        $first = $client->names->publish($made['id'], $a);
        self::assertSame("/ipfs/$a", $first['value']);
        $resolved = $client->names->resolve($made['name']);
        self::assertSame([$made['name'], "/ipfs/$a", $first['sequence']], [$resolved['name'], $resolved['value'], $resolved['sequence']]);

        $second = $client->names->publish($made['id'], "/ipfs/$b", ['ttlSeconds' => 30]);
        self::assertSame(["/ipfs/$b", 30], [$second['value'], $second['ttlSeconds']]);
        $history = $client->names->history($made['id']);
        self::assertSame(["/ipfs/$b", "/ipfs/$a"], array_column($history, 'value'), 'two publications, newest first');
        self::assertGreaterThan($history[1]['sequence'], $history[0]['sequence']);

        $rolledBack = $client->names->rollback($made['id'], $history[1]['sequence']);
        self::assertSame("/ipfs/$a", $rolledBack['value']);
        self::assertGreaterThan($history[0]['sequence'], $rolledBack['sequence']);
        self::assertSame($rolledBack['sequence'], $client->names->get($made['id'])['sequence']);
        $again = $client->names->resolve($made['name']);
        self::assertSame(["/ipfs/$a", $rolledBack['sequence']], [$again['value'], $again['sequence']]);

        self::expectApiError(fn () => $client->names->publish($made['id'], self::$fileV0['cid']), ValidationException::class, 400, 'name_value_not_held');
        self::assertSame("/ipfs/$a", $client->names->get($made['id'])['value'], 'the refused publication changed nothing');

        self::assertSame(['deleted' => true], $client->names->delete($made['id']));
        self::expectApiError(fn () => $client->names->get($made['id']), NotFoundException::class, 404, 'name_not_found');
    }
}
