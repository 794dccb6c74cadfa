<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Client;
use Cairn\Exception\RateLimitException;
use Cairn\Exception\ServiceUnavailableException;
use Cairn\Exception\TransportException;
use Cairn\RetryPolicy;
use PHPUnit\Framework\TestCase;

/** Retries of idempotent calls on 429, 503 and connection errors, against a local stand-in. */
final class RetryTest extends TestCase
{
    /** @var resource|null */
    private $server = null;
    private string $counter;
    private string $url;

    private function start(string $script): Client
    {
        $this->counter = tempnam(sys_get_temp_dir(), 'cairn-flaky-');
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        $address = stream_socket_get_name($probe, false);
        fclose($probe);
        $this->url = "http://$address";
        $env = ['CAIRN_FLAKY_SCRIPT' => $script, 'CAIRN_FLAKY_COUNTER' => $this->counter, 'PATH' => getenv('PATH')];
        $this->server = proc_open([PHP_BINARY, '-S', $address, __DIR__ . '/fixtures/flaky-server.php'], [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, null, $env);
        for ($i = 0; $i < 50 && @fsockopen('127.0.0.1', (int) explode(':', $address)[1]) === false; $i++) {
            usleep(100_000);
        }
        return new Client('cairn_x', ['baseUrl' => $this->url, 'retry' => new RetryPolicy(3, 0.001, 2.0)]);
    }

    protected function tearDown(): void
    {
        if ($this->server !== null) {
            proc_terminate($this->server);
            proc_close($this->server);
            @unlink($this->counter);
        }
    }

    private function hits(): int
    {
        return (int) file_get_contents($this->counter);
    }

    public function testRetriesA429AfterItsRetryAfter(): void
    {
        $client = $this->start('429,200');
        $start = microtime(true);
        self::assertSame(1, $client->account->usage()['used']);
        self::assertSame(2, $this->hits());
        self::assertGreaterThanOrEqual(1.0, microtime(true) - $start);
    }

    public function testGivesUpAfterMaxRetriesWithTheTypedException(): void
    {
        $client = $this->start('503');
        try {
            $client->uploads->get('id');
            self::fail('Expected a ServiceUnavailableException');
        } catch (ServiceUnavailableException $e) {
            self::assertSame([503, 'content_unavailable'], [$e->getStatus(), $e->getErrorCode()]);
        }
        self::assertSame(4, $this->hits());
    }

    public function testNeverRetriesAnUpload(): void
    {
        $client = $this->start('429');
        $path = tempnam(sys_get_temp_dir(), 'cairn-up-');
        file_put_contents($path, 'hello');
        try {
            $client->uploads->file($path);
            self::fail('Expected a RateLimitException');
        } catch (RateLimitException $e) {
            self::assertSame(1, $e->getRetryAfter());
        } finally {
            unlink($path);
        }
        self::assertSame(1, $this->hits());
    }

    /**
     * The retry rule of each groups and links call is that of the TypeScript SDK (its `idempotent`
     * flag): what a repeat would do decides, not the HTTP method.
     *
     * @return array<string, array{bool, \Closure(Client): mixed}>
     */
    public static function groupsAndLinksCalls(): array
    {
        $ids = ['uploadIds' => ['u1']];
        return [
            'groups.list' => [true, static fn (Client $c) => $c->groups->list()],
            'groups.get' => [true, static fn (Client $c) => $c->groups->get('g1')],
            'groups.rename' => [true, static fn (Client $c) => $c->groups->rename('g1', 'n')],
            'groups.add' => [true, static fn (Client $c) => $c->groups->add('g1', $ids)],
            'groups.remove' => [true, static fn (Client $c) => $c->groups->remove('g1', $ids)],
            'groups.create' => [false, static fn (Client $c) => $c->groups->create('n')],
            'groups.delete' => [false, static fn (Client $c) => $c->groups->delete('g1')],
            'links.create' => [false, static fn (Client $c) => $c->links->create('u1', 60)],
            'links.revoke' => [false, static fn (Client $c) => $c->links->revoke('u1', 'l1')],
            'links.list' => [true, static fn (Client $c) => $c->links->list('u1')],
        ];
    }

    /**
     * @dataProvider groupsAndLinksCalls
     * @param \Closure(Client): mixed $call
     */
    public function testGroupsAndLinksRetryLikeTheTypeScriptSdk(bool $retried, \Closure $call): void
    {
        $client = $this->start('503');
        try {
            $call($client);
            self::fail('Expected a ServiceUnavailableException');
        } catch (ServiceUnavailableException $e) {
            self::assertSame(503, $e->getStatus());
        }
        self::assertSame($retried ? 4 : 1, $this->hits());
    }

    public function testRetriesConnectionErrorsThenReportsThem(): void
    {
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        $address = stream_socket_get_name($probe, false);
        fclose($probe); // nothing listens there now
        $client = new Client('cairn_x', ['baseUrl' => "http://$address", 'retry' => new RetryPolicy(2, 0.001, 0.01)]);
        $this->expectException(TransportException::class);
        $client->account->me();
    }
}
