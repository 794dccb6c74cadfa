<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Client;
use Cairn\Exception\CancelledException;
use Cairn\Exception\NotFoundException;
use Cairn\RetryPolicy;
use PHPUnit\Framework\TestCase;

/** Resumable uploads beyond the scenario: a connection lost mid-chunk, a finished URL, dropping one. */
final class ResumableTest extends TestCase
{
    private const MIB = 1024 * 1024;
    /** @var resource|null */
    private $proxy = null;
    private string $dir;

    protected function setUp(): void
    {
        $this->dir = sys_get_temp_dir() . '/cairn-php-tus-' . bin2hex(random_bytes(4));
        mkdir($this->dir);
    }

    protected function tearDown(): void
    {
        if ($this->proxy !== null) {
            proc_terminate($this->proxy);
            proc_close($this->proxy);
        }
        exec('rm -rf ' . escapeshellarg($this->dir));
    }

    private function file(int $size): string
    {
        $path = "{$this->dir}/movie.bin";
        file_put_contents($path, random_bytes($size));
        return $path;
    }

    /** A relay to the live server that drops the first connection carrying more than $cut bytes. */
    private function proxy(int $cut, string $marker): string
    {
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        $address = stream_socket_get_name($probe, false);
        fclose($probe);
        $upstream = (string) parse_url(Harness::$url, PHP_URL_HOST) . ':' . parse_url(Harness::$url, PHP_URL_PORT);
        $this->proxy = proc_open([PHP_BINARY, __DIR__ . '/fixtures/cutting-proxy.php', $address, $upstream, (string) $cut, $marker], [], $pipes);
        for ($i = 0; $i < 50 && @fsockopen('127.0.0.1', (int) explode(':', $address)[1]) === false; $i++) {
            usleep(100_000);
        }
        return "http://$address";
    }

    public function testALostConnectionIsResumedFromTheServersOffset(): void
    {
        $token = Harness::client(Harness::signUp()['session'])->tokens->create('php-tus-cut', 1)['token'];
        $marker = "{$this->dir}/cut";
        $client = new Client($token, ['baseUrl' => $this->proxy(600 * 1024, $marker), 'retry' => new RetryPolicy(3, 0.01, 0.1)]);
        $path = $this->file(3 * self::MIB);
        $positions = [];
        $record = $client->uploads->resumable($path, ['chunkSize' => self::MIB, 'progress' => function (int $sent) use (&$positions) {
            $positions[] = $sent;
        }]);
        self::assertFileExists($marker, 'the relay dropped a connection');
        self::assertSame([false, 3 * self::MIB], [$record['duplicate'], $record['size']]);
        self::assertSame(3 * self::MIB, end($positions));
        $plain = Harness::client($token)->uploads->file($path);
        self::assertSame([true, $record['cid']], [$plain['duplicate'], $plain['cid']]);
    }

    public function testAFinishedUploadUrlGivesItsRecordAndADroppedOneIsGone(): void
    {
        $client = Harness::client(Harness::client(Harness::signUp()['session'])->tokens->create('php-tus', 1)['token']);
        $path = $this->file(200 * 1024);
        $url = '';
        $record = $client->uploads->resumable($path, ['name' => 'clip.bin', 'cidVersion' => 0, 'onUrl' => function (string $u) use (&$url) {
            $url = $u;
        }]);
        self::assertSame(['clip.bin', false], [$record['name'], $record['duplicate']]);
        self::assertStringStartsWith('Qm', $record['cid']);
        $again = $client->uploads->resumable($path, ['uploadUrl' => $url]);
        self::assertSame($record['uploadId'], $again['uploadId']);

        $other = $this->file(2 * self::MIB);
        try {
            $client->uploads->resumable($other, ['chunkSize' => self::MIB, 'onUrl' => function (string $u) use (&$url) {
                $url = $u;
            }, 'progress' => fn (int $sent) => $sent < self::MIB]);
            self::fail('Expected a CancelledException');
        } catch (CancelledException $e) {
            self::assertStringContainsString($url, $e->getMessage());
        }
        $client->uploads->abortResumable($url);
        try {
            $client->uploads->resumable($other, ['uploadUrl' => $url]);
            self::fail('Expected the dropped upload to be gone');
        } catch (NotFoundException $e) {
            self::assertSame(404, $e->getStatus());
        }
        self::assertSame(1, $client->uploads->list()['total']);
    }
}
