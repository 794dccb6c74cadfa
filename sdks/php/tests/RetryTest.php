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

    public function testFailsAtOnceWhenRetryAfterIsLongerThanTheLongestWait(): void
    {
        $client = $this->start('429long,200');
        $start = microtime(true);
        try {
            $client->account->usage();
            self::fail('Expected a RateLimitException');
        } catch (RateLimitException $e) {
            self::assertSame(45, $e->getRetryAfter());
        }
        self::assertSame(1, $this->hits());
        self::assertLessThan(2.0, microtime(true) - $start);
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

    public function testNeverRetriesAnUploadAfterAnother503(): void
    {
        $client = $this->start('503,stored');
        $path = tempnam(sys_get_temp_dir(), 'cairn-up-');
        file_put_contents($path, 'hello');
        try {
            $client->uploads->file($path);
            self::fail('Expected a ServiceUnavailableException');
        } catch (ServiceUnavailableException $e) {
            self::assertSame('content_unavailable', $e->getErrorCode());
        } finally {
            unlink($path);
        }
        self::assertSame(1, $this->hits());
    }

    /** @return list<array{int, string}> the answers after which every call is sent again */
    private static function resent(): array
    {
        $policy = json_decode((string) file_get_contents(__DIR__ . '/../../retry-policy.json'), true, flags: JSON_THROW_ON_ERROR);
        return array_map(static fn (array $a) => [$a['status'], $a['code']], $policy['resendWhenNothingDone']);
    }

    public function testTheAnswersSayingNothingWasDoneAreThePolicys(): void
    {
        self::assertSame(self::resent(), RetryPolicy::NOTHING_DONE);
    }

    /** @return array<string, array{string, \Closure(Client, string): mixed}> */
    public static function callsAndNothingDone(): array
    {
        $cases = [];
        foreach (self::resent() as [, $code]) {
            foreach (self::calls() as $name => [, $call]) {
                $cases["$code $name"] = [$code, $call];
            }
        }
        return $cases;
    }

    /**
     * @dataProvider callsAndNothingDone
     * @param \Closure(Client, string): mixed $call
     */
    public function testEveryCallIsSentAgainWhenNothingWasDone(string $code, \Closure $call): void
    {
        $client = $this->start($code);
        $dir = sys_get_temp_dir() . '/cairn-resend-' . bin2hex(random_bytes(4));
        mkdir($dir);
        file_put_contents("$dir/b.txt", 'hello');
        try {
            $call($client, $dir);
            self::fail('Expected an ApiException');
        } catch (\Cairn\Exception\ApiException $e) {
            self::assertSame($code, $e->getErrorCode());
        } finally {
            unlink("$dir/b.txt");
            rmdir($dir);
        }
        self::assertSame(4, $this->hits());
    }

    public function testAnUploadRefusedWhileShuttingDownIsSentAgainAndStoredOnce(): void
    {
        $client = $this->start('shutting_down,stored,shutting_down,stored');
        $path = tempnam(sys_get_temp_dir(), 'cairn-up-');
        file_put_contents($path, 'hello');
        try {
            self::assertSame('u1', $client->uploads->file($path)['uploadId']);
        } finally {
            unlink($path);
        }
        self::assertSame(2, $this->hits());
        // Bytes in memory are read again from where the upload began.
        $memory = fopen('php://memory', 'w+b');
        self::assertNotFalse($memory);
        fwrite($memory, 'skip:hello');
        fseek($memory, 5);
        self::assertSame('u1', $client->uploads->stream($memory, 'b.txt', ['size' => 5])['uploadId']);
        self::assertSame(4, $this->hits());
    }

    public function testPinsCreateIsSentAgainAfterRateLimited(): void
    {
        $client = $this->start('rate_limited,pin');
        self::assertSame('p1', $client->pins->create('bafy')['id']);
        self::assertSame(2, $this->hits());
    }

    public function testAOneShotStreamIsNotSentAgain(): void
    {
        $client = $this->start('shutting_down,stored');
        $pipe = popen('printf hello', 'r');
        self::assertNotFalse($pipe);
        try {
            $client->uploads->stream($pipe, 'b.txt', ['size' => 5]);
            self::fail('Expected a ServiceUnavailableException');
        } catch (ServiceUnavailableException $e) {
            self::assertSame('shutting_down', $e->getErrorCode());
        } finally {
            pclose($pipe);
        }
        self::assertSame(1, $this->hits());
    }

    /**
     * Operations of sdks/retry-policy.json (the TypeScript SDK's choice of the calls sent again,
     * which every SDK follows) that this SDK does not have: a new one must be added here or to calls().
     */
    private const ABSENT = ['gateway.get', 'uploads.deleteByCid', 'uploads.files'];

    /** @return array<string, bool> operation => whether it is retried */
    private static function policy(): array
    {
        return json_decode((string) file_get_contents(__DIR__ . '/../../retry-policy.json'), true, flags: JSON_THROW_ON_ERROR)['operations'];
    }

    /**
     * Each public method of the client's services, with the operation of the policy it follows and
     * a call of it (given a folder holding `b.txt`).
     *
     * @return array<string, array{string, \Closure(Client, string): mixed}>
     */
    public static function calls(): array
    {
        $ids = ['uploadIds' => ['u1']];
        $queued = ['id' => 'p1', 'requestid' => 'p1', 'cid' => 'bafy', 'status' => 'queued'];
        $stream = static function (string $dir) {
            $handle = fopen("$dir/b.txt", 'rb');
            self::assertNotFalse($handle);
            return $handle;
        };
        return [
            'account.me' => ['users.me', static fn (Client $c) => $c->account->me()],
            'account.referrals' => ['referrals.get', static fn (Client $c) => $c->account->referrals()],
            'account.usage' => ['usage.get', static fn (Client $c) => $c->account->usage()],
            'dag.get' => ['dag.get', static fn (Client $c) => $c->dag->get('bafy')],
            'groups.add' => ['groups.add', static fn (Client $c) => $c->groups->add('g1', $ids)],
            'groups.create' => ['groups.create', static fn (Client $c) => $c->groups->create('n')],
            'groups.delete' => ['groups.delete', static fn (Client $c) => $c->groups->delete('g1')],
            'groups.get' => ['groups.get', static fn (Client $c) => $c->groups->get('g1')],
            'groups.list' => ['groups.list', static fn (Client $c) => $c->groups->list()],
            'groups.remove' => ['groups.remove', static fn (Client $c) => $c->groups->remove('g1', $ids)],
            'groups.rename' => ['groups.rename', static fn (Client $c) => $c->groups->rename('g1', 'n')],
            'domains.add' => ['domains.add', static fn (Client $c) => $c->domains->add('files.example.org', '/ipns/k51')],
            'domains.delete' => ['domains.delete', static fn (Client $c) => $c->domains->delete('d1')],
            'domains.list' => ['domains.list', static fn (Client $c) => $c->domains->list()],
            'domains.verify' => ['domains.verify', static fn (Client $c) => $c->domains->verify('d1')],
            'links.create' => ['links.create', static fn (Client $c) => $c->links->create('u1', 60)],
            'links.list' => ['links.list', static fn (Client $c) => $c->links->list('u1')],
            'links.revoke' => ['links.revoke', static fn (Client $c) => $c->links->revoke('u1', 'l1')],
            'names.create' => ['names.create', static fn (Client $c) => $c->names->create('n')],
            'names.delete' => ['names.delete', static fn (Client $c) => $c->names->delete('n1')],
            'names.exportKey' => ['names.exportKey', static fn (Client $c) => $c->names->exportKey('n1')],
            'names.get' => ['names.get', static fn (Client $c) => $c->names->get('n1')],
            'names.history' => ['names.history', static fn (Client $c) => $c->names->history('n1')],
            'names.list' => ['names.list', static fn (Client $c) => $c->names->list()],
            'names.publish' => ['names.publish', static fn (Client $c) => $c->names->publish('n1', '/ipfs/bafy')],
            'names.rename' => ['names.rename', static fn (Client $c) => $c->names->rename('n1', 'n')],
            'names.resolve' => ['names.resolve', static fn (Client $c) => $c->names->resolve('k51')],
            'names.rollback' => ['names.rollback', static fn (Client $c) => $c->names->rollback('n1', 1)],
            'pins.allocations' => ['pins.allocations', static fn (Client $c) => $c->pins->allocations('bafy')],
            'pins.create' => ['pins.create', static fn (Client $c) => $c->pins->create('bafy')],
            'pins.createAndWait' => ['pins.createAndWait', static fn (Client $c) => $c->pins->createAndWait('bafy')],
            'pins.get' => ['pins.get', static fn (Client $c) => $c->pins->get('p1')],
            'pins.status' => ['pins.status', static fn (Client $c) => $c->pins->status('bafy')],
            'pins.wait' => ['pins.wait', static fn (Client $c) => $c->pins->wait($queued, null, 5.0, 0.0)],
            'plans.checkout' => ['plans.checkout', static fn (Client $c) => $c->plans->checkout('pro', true)],
            'plans.list' => ['plans.list', static fn (Client $c) => $c->plans->list()],
            'psa.add' => ['psa.add', static fn (Client $c) => $c->psa->add('bafy')],
            'psa.get' => ['psa.get', static fn (Client $c) => $c->psa->get('r1')],
            'psa.list' => ['psa.list', static fn (Client $c) => $c->psa->list()],
            'psa.remove' => ['psa.remove', static fn (Client $c) => $c->psa->remove('r1')],
            'psa.replace' => ['psa.replace', static fn (Client $c) => $c->psa->replace('r1', 'bafy')],
            'psa.wait' => ['psa.wait', static fn (Client $c) => $c->psa->wait($queued, 5.0, 0.0)],
            'tokens.create' => ['tokens.create', static fn (Client $c) => $c->tokens->create('ci', 30)],
            'tokens.list' => ['tokens.list', static fn (Client $c) => $c->tokens->list()],
            'tokens.revoke' => ['tokens.revoke', static fn (Client $c) => $c->tokens->revoke('t1')],
            'uploads.abortResumable' => ['uploads.discardResumable', static fn (Client $c) => $c->uploads->abortResumable('/uploads/resumable/x')],
            'uploads.all' => ['uploads.list', static fn (Client $c) => iterator_to_array($c->uploads->all())],
            'uploads.car' => ['uploads.car', static fn (Client $c, string $dir) => $c->uploads->car("$dir/b.txt")],
            'uploads.carStream' => ['uploads.car', static fn (Client $c, string $dir) => $c->uploads->carStream($stream($dir))],
            'uploads.delete' => ['uploads.delete', static fn (Client $c) => $c->uploads->delete('u1')],
            'uploads.directory' => ['uploads.directory', static fn (Client $c, string $dir) => $c->uploads->directory($dir)],
            'uploads.directoryFiles' => ['uploads.directory', static fn (Client $c, string $dir) => $c->uploads->directoryFiles($dir)],
            'uploads.file' => ['uploads.file', static fn (Client $c, string $dir) => $c->uploads->file("$dir/b.txt")],
            'uploads.get' => ['uploads.get', static fn (Client $c) => $c->uploads->get('u1')],
            'uploads.list' => ['uploads.list', static fn (Client $c) => $c->uploads->list()],
            'uploads.rename' => ['uploads.rename', static fn (Client $c) => $c->uploads->rename('u1', 'n')],
            'uploads.resumable' => ['uploads.resumable', static fn (Client $c, string $dir) => $c->uploads->resumable("$dir/b.txt")],
            'uploads.setMeta' => ['uploads.setMeta', static fn (Client $c) => $c->uploads->setMeta('u1', ['team' => 'ops'])],
            'uploads.setPrivate' => ['uploads.setPrivate', static fn (Client $c) => $c->uploads->setPrivate('u1', true)],
            'uploads.stream' => ['uploads.file', static fn (Client $c, string $dir) => $c->uploads->stream($stream($dir), 'b.txt')],
            'uploads.update' => ['uploads.update', static fn (Client $c) => $c->uploads->update('u1', ['name' => 'n'])],
        ];
    }

    public function testEveryOperationOfThePolicyIsCalledOrListedAbsent(): void
    {
        $called = array_unique(array_column(self::calls(), 0));
        self::assertSame([], array_values(array_intersect($called, self::ABSENT)));
        $expected = array_keys(self::policy());
        $covered = array_merge($called, self::ABSENT);
        sort($expected);
        sort($covered);
        self::assertSame($expected, $covered);
    }

    public function testEveryPublicMethodOfTheClientIsInTheTable(): void
    {
        $methods = [];
        foreach ((new \ReflectionClass(Client::class))->getProperties(\ReflectionProperty::IS_PUBLIC) as $property) {
            $type = $property->getType();
            self::assertInstanceOf(\ReflectionNamedType::class, $type);
            foreach ((new \ReflectionClass($type->getName()))->getMethods(\ReflectionMethod::IS_PUBLIC) as $method) {
                if (!$method->isStatic() && !$method->isConstructor()) {
                    $methods[] = $property->getName() . '.' . $method->getName();
                }
            }
        }
        $table = array_keys(self::calls());
        sort($methods);
        sort($table);
        self::assertSame($table, $methods);
    }

    /**
     * @dataProvider calls
     * @param \Closure(Client, string): mixed $call
     */
    public function testCallsAreRetriedAsThePolicySays(string $operation, \Closure $call): void
    {
        $client = $this->start('503');
        $dir = sys_get_temp_dir() . '/cairn-retry-' . bin2hex(random_bytes(4));
        mkdir($dir);
        file_put_contents("$dir/b.txt", 'hello');
        try {
            $call($client, $dir);
            self::fail('Expected a ServiceUnavailableException');
        } catch (ServiceUnavailableException $e) {
            self::assertSame(503, $e->getStatus());
        } finally {
            unlink("$dir/b.txt");
            rmdir($dir);
        }
        self::assertSame(self::policy()[$operation] ? 4 : 1, $this->hits());
    }

    /** The group a resumable upload is given once stored is added to it as groups->add does: retried. */
    public function testTheGroupOfAResumableUploadIsRetriedLikeGroupsAdd(): void
    {
        $client = $this->start('created,stored,503');
        $path = tempnam(sys_get_temp_dir(), 'cairn-up-');
        file_put_contents($path, 'hello');
        try {
            $client->uploads->resumable($path, ['groupId' => 'g1']);
            self::fail('Expected a ServiceUnavailableException');
        } catch (ServiceUnavailableException $e) {
            self::assertSame(503, $e->getStatus());
        } finally {
            unlink($path);
        }
        self::assertSame(2 + 4, $this->hits());
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
