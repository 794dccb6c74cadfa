<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Exception\NotFoundException;

/**
 * Step 22 of the SDK scenario (sdks/scenario.md): a fresh user's custom domain for an IPNS name,
 * pending, failing its check (the harness's DNS server holds no DNSLink record), listed, deleted
 * and deleted again. Used by ScenarioTest.
 */
trait ScenarioDomainSteps
{
    /** @depends testStep21AnIpnsNamePublishedResolvedAndRolledBack */
    public function testStep22ACustomDomainAddedCheckedListedAndDeleted(): void
    {
        $client = Harness::client(Harness::signUp()['session']);
        $name = $client->names->create('website');
        $hostname = 'site-' . bin2hex(random_bytes(4)) . '.example.org';
        $target = '/ipns/' . $name['name'];

        $added = $client->domains->add($hostname, $target);
        self::assertSame([$hostname, $target, 'pending'], [$added['hostname'], $added['target'], $added['status']]);
        self::assertSame([null, null, null], [$added['verifiedAt'], $added['lastCheckedAt'], $added['lastError']], 'never checked');
        self::assertSame(['name' => "_dnslink.$hostname", 'type' => 'TXT', 'value' => "dnslink=$target"], $added['dnslinkRecord']);

        $checked = $client->domains->verify($added['id']);
        self::assertSame([$added['id'], 'failed', 'no dnslink= TXT record'], [$checked['id'], $checked['status'], $checked['lastError']]);
        self::assertNotNull($checked['lastCheckedAt']);
        self::assertNull($checked['verifiedAt']);

        $listed = $client->domains->list();
        self::assertSame([[$added['id'], $hostname, 'failed']], array_map(static fn (array $d) => [$d['id'], $d['hostname'], $d['status']], $listed));

        self::assertSame(['deleted' => true], $client->domains->delete($added['id']));
        self::expectApiError(fn () => $client->domains->delete($added['id']), NotFoundException::class, 404, 'domain_not_found');
    }
}
