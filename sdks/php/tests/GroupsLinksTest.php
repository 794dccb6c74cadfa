<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Client;
use Cairn\Exception\NotFoundException;
use PHPUnit\Framework\TestCase;

/** Groups, key-values, private records and signed access links against the live server. */
final class GroupsLinksTest extends TestCase
{
    private string $dir;

    protected function setUp(): void
    {
        $this->dir = sys_get_temp_dir() . '/cairn-php-groups-' . bin2hex(random_bytes(4));
        mkdir($this->dir);
    }

    protected function tearDown(): void
    {
        array_map('unlink', glob($this->dir . '/*') ?: []);
        rmdir($this->dir);
    }

    private static function tokenClient(): Client
    {
        $created = Harness::client(Harness::signUp()['session'])->tokens->create('php-groups', 1);
        return Harness::client($created['token']);
    }

    private function write(string $name): string
    {
        $path = $this->dir . '/' . $name;
        file_put_contents($path, random_bytes(2048));
        return $path;
    }

    /** @return list<string> the sorted ids of every record the filters keep */
    private static function ids(Client $client, array $filters): array
    {
        $ids = array_map(static fn (array $u): string => $u['uploadId'], iterator_to_array($client->uploads->all($filters), false));
        sort($ids);
        return $ids;
    }

    /** @return list<string> */
    private static function sorted(string ...$ids): array
    {
        sort($ids);
        return $ids;
    }

    public function testGroupsMetaPrivacyAndLinks(): void
    {
        $client = self::tokenClient();
        $group = $client->groups->create('holiday');
        self::assertSame(['holiday', 0], [$group['name'], $group['filesCount']]);

        $beach = $client->uploads->file($this->write('beach.bin'), ['groupId' => $group['id'], 'meta' => ['trip' => 'sea']]);
        self::assertSame(['trip' => 'sea'], $beach['meta']);
        self::assertFalse($beach['private']);
        $hiddenPath = $this->write('hidden.bin');
        $hidden = $client->uploads->file($hiddenPath, ['private' => true, 'meta' => ['trip' => 'hills']]);
        self::assertTrue($hidden['private']);
        $plain = $client->uploads->file($this->write('plain.bin'));
        self::assertEmpty($plain['meta'] ?? []);

        $detail = $client->uploads->get($beach['uploadId']);
        self::assertSame([['id' => $group['id'], 'name' => 'holiday']], $detail['groups']);
        self::assertSame([$beach['uploadId']], self::ids($client, ['groupId' => $group['id']]));
        self::assertSame(self::sorted($beach['uploadId'], $hidden['uploadId']), self::ids($client, ['metaExists' => ['trip']]));
        self::assertSame([$hidden['uploadId']], self::ids($client, ['metaPrefix' => ['trip' => 'hi']]));
        self::assertSame([$beach['uploadId']], self::ids($client, ['meta' => ['trip' => 'sea'], 'name' => 'beach']));
        self::assertSame([], self::ids($client, ['meta' => ['trip' => 'sea'], 'name' => 'plain']));
        self::assertSame(
            self::sorted($beach['uploadId'], $hidden['uploadId'], $plain['uploadId']),
            self::ids($client, ['minSize' => 2048, 'maxSize' => 2048, 'type' => 'file', 'from' => new \DateTimeImmutable('-1 hour')]),
        );

        self::assertSame(['mood' => 'sunny'], $client->uploads->setMeta($beach['uploadId'], ['trip' => null, 'mood' => 'sunny'])['meta']);
        $renamed = $client->uploads->update($plain['uploadId'], ['name' => 'plain-renamed.bin', 'meta' => ['k' => 'v']]);
        self::assertSame(['plain-renamed.bin', ['k' => 'v']], [$renamed['name'], $renamed['meta']]);

        self::assertSame(['added' => 1], $client->groups->add($group['id'], ['filter' => ['metaExists' => ['trip']]]));
        self::assertSame(['added' => 1], $client->groups->add($group['id'], ['uploadIds' => [$plain['uploadId']]]));
        self::assertSame(3, $client->groups->get($group['id'])['filesCount']);
        self::assertSame(['removed' => 2], $client->groups->remove($group['id'], ['uploadIds' => [$beach['uploadId'], $hidden['uploadId']]]));
        self::assertSame('trips', $client->groups->rename($group['id'], 'trips')['name']);
        $list = $client->groups->list(['search' => 'trip']);
        self::assertSame([1, $group['id'], 1], [$list['total'], $list['groups'][0]['id'], $list['groups'][0]['filesCount']]);
        try {
            $client->groups->add($group['id'], []);
            self::fail('Members with neither ids nor a filter were sent');
        } catch (\InvalidArgumentException) {
        }
        self::assertSame(['deleted' => true], $client->groups->delete($group['id']));
        try {
            $client->groups->get($group['id']);
            self::fail('Expected group_not_found');
        } catch (NotFoundException $e) {
            self::assertSame('group_not_found', $e->getErrorCode());
        }

        // A private record opens only through a signed link; a public one turns private on demand.
        self::assertNotSame(200, Harness::plainGet(Harness::$url . '/ipfs/' . $hidden['cid'])[0]);
        $link = $client->links->create($hidden['uploadId'], 600, ['downloadName' => 'x.bin']);
        self::assertSame([$hidden['uploadId'], 'x.bin', false], [$link['uploadId'], $link['downloadName'], $link['singleUse']]);
        self::assertSame([200, (string) file_get_contents($hiddenPath)], Harness::plainGet($link['url']));
        self::assertSame([$link['id']], array_column($client->links->list($hidden['uploadId']), 'id'));
        $client->links->revoke($hidden['uploadId'], $link['id']);
        self::assertSame([], $client->links->list($hidden['uploadId']));
        self::assertNotSame(200, Harness::plainGet($link['url'])[0]);

        self::assertTrue($client->uploads->setPrivate($plain['uploadId'], true)['private']);
        self::assertNotSame(200, Harness::plainGet(Harness::$url . '/ipfs/' . $plain['cid'])[0]);
        self::assertFalse($client->uploads->setPrivate($plain['uploadId'], false)['private']);
        self::assertSame(200, Harness::plainGet(Harness::$url . '/ipfs/' . $plain['cid'])[0]);
    }

    public function testAResumableUploadJoinsAGroupWithMeta(): void
    {
        $client = self::tokenClient();
        $group = $client->groups->create('resumed');
        $record = $client->uploads->resumable($this->write('resumed.bin'), ['chunkSize' => 1024, 'groupId' => $group['id'], 'meta' => ['how' => 'tus']]);
        self::assertSame(['how' => 'tus'], $record['meta']);
        $detail = $client->uploads->get($record['uploadId']);
        self::assertSame(['how' => 'tus'], $detail['meta']);
        self::assertSame([$group['id']], array_column($detail['groups'], 'id'));
    }

    public function testAPinJoinsAGroupWithMetaAndPrivacy(): void
    {
        $client = self::tokenClient();
        $group = $client->groups->create('pinned');
        $source = self::tokenClient()->uploads->file($this->write('source.bin'));
        $job = $client->pins->create($source['cid'], ['name' => 'pinned.bin', 'private' => true, 'groupId' => $group['id'], 'meta' => ['from' => 'pin']]);
        $job = $client->pins->wait($job, null, 60.0);
        self::assertTrue($job['upload']['private']);
        self::assertSame(['from' => 'pin'], $job['upload']['meta']);
        self::assertSame([$group['id']], array_column($client->uploads->get($job['upload']['uploadId'])['groups'], 'id'));
    }
}
