<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Client;
use Cairn\Exception\ConflictException;
use Cairn\Exception\NotFoundException;

/**
 * Steps 19 and 20 of the SDK scenario (sdks/scenario.md): the first user's groups with
 * key-values, and a private file opened through a signed link. Used by ScenarioTest, whose state
 * they read: the first user's client is the token step 13 kept.
 */
trait ScenarioSharingSteps
{
    /** @return list<string> the sorted ids of every record the filters keep */
    private static function recordIds(Client $client, array $filters = []): array
    {
        $ids = array_map(static fn (array $u): string => $u['uploadId'], iterator_to_array($client->uploads->all($filters), false));
        sort($ids);
        return $ids;
    }

    /** @depends testStep18ReadOnlyToken */
    public function testStep19GroupsWithKeyValues(): void
    {
        $client = self::$secondToken;
        $group = $client->groups->create('reports');
        self::assertSame(['reports', 0], [$group['name'], $group['filesCount']]);
        self::expectApiError(fn () => $client->groups->create('reports'), ConflictException::class, 409, 'group_name_taken');

        $meta = ['project' => 'apollo'];
        $path = self::randomFile(self::$dir . '/report.bin', 1024);
        $report = $client->uploads->file($path, ['groupId' => $group['id'], 'meta' => $meta]);
        self::assertSame([false, 1024, $meta], [$report['duplicate'], $report['size'], $report['meta']]);
        self::assertSame(['added' => 1], $client->groups->add($group['id'], ['uploadIds' => [self::$fileV0['uploadId']]]));

        $both = [$report['uploadId'], self::$fileV0['uploadId']];
        sort($both);
        self::assertSame($both, self::recordIds($client, ['groupId' => $group['id']]), 'the group lists both records');
        self::assertSame(2, $client->groups->get($group['id'])['filesCount']);
        self::assertSame([$report['uploadId']], self::recordIds($client, ['meta' => $meta]), 'the meta filter finds the new file alone');

        $renamed = $client->groups->rename($group['id'], 'reports-2026');
        self::assertSame([$group['id'], 'reports-2026'], [$renamed['id'], $renamed['name']]);
        self::assertSame(['deleted' => true], $client->groups->delete($group['id']));
        self::expectApiError(fn () => $client->groups->get($group['id']), NotFoundException::class, 404, 'group_not_found');
        $all = self::recordIds($client);
        foreach ($both as $id) {
            self::assertContains($id, $all, 'a record of the deleted group is still listed');
        }
        self::$records++;
    }

    /** @depends testStep19GroupsWithKeyValues */
    public function testStep20APrivateFileThroughASignedLink(): void
    {
        $client = self::$secondToken;
        $path = self::randomFile(self::$dir . '/secret.bin', 2048);
        $bytes = (string) file_get_contents($path);
        $hidden = $client->uploads->file($path, ['private' => true]);
        self::assertSame([true, 2048], [$hidden['private'], $hidden['size']]);
        $bare = Harness::$url . '/ipfs/' . $hidden['cid'];
        self::assertSame(404, Harness::plainGet($bare)[0], 'a private record without a link');

        $link = $client->links->create($hidden['uploadId'], 600);
        self::assertSame([$hidden['uploadId'], $hidden['cid'], false], [$link['uploadId'], $link['cid'], $link['singleUse']]);
        self::assertSame([200, $bytes], Harness::plainGet($link['url']), 'the link opens the file');
        self::assertSame([$link['id']], array_column($client->links->list($hidden['uploadId']), 'id'), 'the list holds the link once');

        $client->links->revoke($hidden['uploadId'], $link['id']);
        $status = Harness::plainGet($link['url'])[0];
        self::assertTrue($status >= 400 && $status <= 499, "a revoked link answered $status, want a 4xx");

        self::assertFalse($client->uploads->setPrivate($hidden['uploadId'], false)['private']);
        self::assertSame([200, $bytes], Harness::plainGet($bare), 'the record made public');
        self::$records++;
    }
}
