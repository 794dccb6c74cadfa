<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Client;
use Cairn\Exception\ApiException;
use Cairn\Exception\AuthenticationException;
use Cairn\Exception\CancelledException;
use Cairn\Exception\ConflictException;
use Cairn\Exception\InsufficientScopeException;
use Cairn\Exception\NotFoundException;
use Cairn\Exception\QuotaExceededException;
use Cairn\Exception\ValidationException;
use PHPUnit\Framework\TestCase;

/**
 * The SDK scenario of sdks/scenario.md, step by step and in order: each step depends on the one
 * before, so a failed step skips the rest. Steps 19 and 20 are in ScenarioSharingSteps, step 21
 * in ScenarioNameSteps, step 22 in ScenarioDomainSteps.
 */
final class ScenarioTest extends TestCase
{
    use ScenarioSharingSteps;
    use ScenarioNameSteps;
    use ScenarioDomainSteps;

    private static array $user;
    private static string $tokenId;
    private static Client $client;
    private static array $fileV1;
    private static array $fileV0;
    private static int $records = 0;
    private static int $usedBefore;
    private static string $dir;
    private static Client $secondToken;
    private static array $siteDag;
    /** Step 5's img/logo.bin, the record step 10 deletes (step 19 needs step 9's). */
    private static array $logo;

    public static function setUpBeforeClass(): void
    {
        self::$dir = sys_get_temp_dir() . '/cairn-php-' . bin2hex(random_bytes(4));
        mkdir(self::$dir);
    }

    public static function tearDownAfterClass(): void
    {
        exec('rm -rf ' . escapeshellarg(self::$dir));
    }

    /** @param class-string<ApiException> $class */
    private static function expectApiError(callable $call, string $class, int $status, string $code): ApiException
    {
        try {
            $call();
        } catch (ApiException $e) {
            self::assertInstanceOf($class, $e);
            self::assertSame([$status, $code], [$e->getStatus(), $e->getErrorCode()]);
            self::assertNotSame('', $e->getMessage());
            return $e;
        }
        self::fail("Expected $class $status $code");
    }

    private static function randomFile(string $path, int $size): string
    {
        @mkdir(dirname($path), 0o755, true);
        file_put_contents($path, random_bytes($size));
        return $path;
    }

    /** site/ with index.html, css/a.css and img/logo.bin (70 KiB); returns [path, bytes]. */
    private static function siteFolder(string $under): array
    {
        $dir = self::$dir . "/$under/site";
        @mkdir("$dir/css", 0o755, true);
        file_put_contents("$dir/index.html", "<!doctype html><title>Cairn</title>\n");
        file_put_contents("$dir/css/a.css", "body { margin: 0 }\n");
        self::randomFile("$dir/img/logo.bin", 70 * 1024);
        return [$dir, filesize("$dir/index.html") + filesize("$dir/css/a.css") + 70 * 1024];
    }

    public function testStep01SignUpAndLogIn(): void
    {
        self::$user = Harness::signUp();
        self::assertNotEmpty(self::$user['id']);
        self::assertNotEmpty(self::$user['session']);
    }

    /** @depends testStep01SignUpAndLogIn */
    public function testStep02TokenAuth(): void
    {
        $created = Harness::client(self::$user['session'])->tokens->create('php-sdk', 1);
        self::assertStringStartsWith('cairn_', $created['token']);
        self::$tokenId = $created['id'];
        self::$client = Harness::client($created['token']);
        self::assertSame(self::$user['email'], self::$client->account->me()['email']);
    }

    /** @depends testStep02TokenAuth */
    public function testStep03UploadAFile(): void
    {
        $size = 300 * 1024;
        $path = self::randomFile(self::$dir . '/random.bin', $size);
        $last = [0, 0];
        $v1 = self::$client->uploads->file($path, ['cidVersion' => 1, 'progress' => function (int $sent, int $total) use (&$last) {
            $last = [$sent, $total];
        }]);
        self::assertFalse($v1['duplicate']);
        self::assertSame([$size, 'random.bin'], [$v1['size'], $v1['name']]);
        self::assertStringStartsWith('bafy', $v1['cid']);
        self::assertGreaterThan($size, $last[0], 'progress counts the whole body');
        self::assertSame($last[1], $last[0], 'progress reaches its total');

        $v0 = self::$client->uploads->file($path, ['cidVersion' => 0]);
        self::assertFalse($v0['duplicate']);
        self::assertStringStartsWith('Qm', $v0['cid']);
        foreach ([[1, $v1], [0, $v0]] as [$version, $first]) {
            $again = self::$client->uploads->file($path, ['cidVersion' => $version]);
            self::assertTrue($again['duplicate']);
            self::assertSame([$first['cid'], $first['uploadId']], [$again['cid'], $again['uploadId']]);
        }
        if (trim((string) shell_exec('command -v ipfs_cid')) !== '') {
            $local = json_decode((string) shell_exec('ipfs_cid ' . escapeshellarg($path) . ' 2>/dev/null'), true);
            self::assertSame($v0['cid'], $local['CIDv0']);
        }
        [self::$fileV1, self::$fileV0] = [$v1, $v0];
        self::$records += 2;
    }

    /** @depends testStep03UploadAFile */
    public function testStep04UploadAFolderAsOneDag(): void
    {
        [$dir, $total] = self::siteFolder('dag');
        $res = self::$client->uploads->directory($dir);
        self::assertSame(['directory', 'site', $total, 3], [$res['type'], $res['name'], $res['size'], $res['filesCount']]);
        $paths = array_column($res['files'], 'filename');
        sort($paths);
        self::assertSame(['site/css/a.css', 'site/img/logo.bin', 'site/index.html'], $paths);
        foreach ($res['files'] as $file) {
            self::assertNotEmpty($file['cid']);
        }
        self::$siteDag = $res;
        $view = self::$client->dag->get($res['cid']);
        self::assertSame([3, $total, $res['uploadId']], [$view['totalFiles'], $view['totalSize'], $view['uploadId']]);
        self::$records++;
    }

    /** @depends testStep04UploadAFolderAsOneDag */
    public function testStep05UploadAFolderAsFiles(): void
    {
        [$dir, $total] = self::siteFolder('files');
        $res = self::$client->uploads->directoryFiles($dir);
        self::assertSame([3, $total], [$res['total'], $res['size']]);
        self::assertCount(3, $res['files']);
        foreach ($res['files'] as $record) {
            self::assertSame(['file', false], [$record['type'], $record['duplicate']]);
        }
        $logos = array_values(array_filter($res['files'], static fn (array $r): bool => $r['size'] === 70 * 1024));
        self::assertCount(1, $logos, 'one record of img/logo.bin');
        self::$logo = $logos[0];
        self::$records += 3;
    }

    /** @depends testStep05UploadAFolderAsFiles */
    public function testStep06PinByCid(): void
    {
        self::expectApiError(fn () => self::$client->pins->create(self::$fileV1['cid']), ConflictException::class, 409, 'already_pinned');

        $other = Harness::client(Harness::signUp()['session']);
        $stream = fopen('php://memory', 'w+b');
        fwrite($stream, random_bytes(10 * 1024));
        rewind($stream);
        $theirs = $other->uploads->stream($stream, 'theirs.bin', ['size' => 10 * 1024]);
        fclose($stream);
        self::assertSame(10 * 1024, $theirs['size']);

        $seen = [];
        $job = self::$client->pins->create($theirs['cid'], ['name' => 'pinned-from-php.bin']);
        $job = self::$client->pins->wait($job, function (array $j) use (&$seen) {
            $seen[] = $j['status'];
        }, 60);
        self::assertSame('pinned', $job['status']);
        self::assertSame(['pin', 'pinned-from-php.bin'], [$job['upload']['source'], $job['upload']['name']]);
        self::assertContains('pinned', $seen);
        self::$records++;
    }

    /** @depends testStep06PinByCid */
    public function testStep07ListAndFilter(): void
    {
        $seen = [];
        foreach (self::$client->uploads->all(['limit' => 2]) as $record) {
            self::assertArrayNotHasKey($record['uploadId'], $seen, 'every record is seen once');
            $seen[$record['uploadId']] = true;
        }
        $page = self::$client->uploads->list(['limit' => 2]);
        self::assertSame([self::$records, self::$records, 2], [count($seen), $page['total'], count($page['files'])]);
        $found = self::$client->uploads->list(['search' => self::$fileV1['name']]);
        self::assertSame(1, $found['total']);
        self::assertSame(self::$fileV1['uploadId'], $found['files'][0]['uploadId']);
    }

    /** @depends testStep07ListAndFilter */
    public function testStep08RenameToABadName(): void
    {
        self::expectApiError(fn () => self::$client->uploads->rename(self::$fileV0['uploadId'], 'bad name!'), ValidationException::class, 400, 'validation_error');
        self::assertSame(self::$fileV0['name'], self::$client->uploads->get(self::$fileV0['uploadId'])['name']);
    }

    /** @depends testStep08RenameToABadName */
    public function testStep09Rename(): void
    {
        self::$client->uploads->rename(self::$fileV0['uploadId'], 'renamed.bin');
        $record = self::$client->uploads->get(self::$fileV0['uploadId']);
        self::assertSame(['renamed.bin', 'custom'], [$record['name'], $record['nameSource']]);
    }

    /** @depends testStep09Rename */
    public function testStep10And11DeleteAndUsage(): void
    {
        $before = self::$client->account->usage();
        $removed = self::$client->uploads->delete(self::$logo['uploadId']);
        self::assertSame([self::$logo['uploadId'], self::$logo['cid']], [$removed['uploadId'], $removed['cid']]);
        self::expectApiError(fn () => self::$client->uploads->get(self::$logo['uploadId']), NotFoundException::class, 404, 'file_not_found');
        $after = self::$client->account->usage();
        self::assertSame(self::$logo['size'], $before['used'] - $after['used']);
        self::$usedBefore = $after['used'];
        self::$records--;
    }

    /** @depends testStep10And11DeleteAndUsage */
    public function testStep12QuotaExceeded(): void
    {
        $admin = Harness::login(Harness::$adminEmail, Harness::$adminPassword);
        $code = 'php-tiny-' . bin2hex(random_bytes(4));
        Harness::api('POST', '/admin/plans', $admin, ['code' => $code, 'name' => 'Tiny', 'storageLimitBytes' => 1024 * 1024, 'priceMonthlyEur' => 0], 201);
        Harness::api('PATCH', '/admin/users/' . self::$user['id'], $admin, ['planCode' => $code], 200);

        $big = self::randomFile(self::$dir . '/big.bin', 2 * 1024 * 1024);
        self::expectApiError(fn () => self::$client->uploads->file($big), QuotaExceededException::class, 403, 'quota_exceeded');
        $usage = self::$client->account->usage();
        self::assertSame([self::$usedBefore, $code], [$usage['used'], $usage['planCode']]);
    }

    /** @depends testStep12QuotaExceeded */
    public function testStep13RevokedToken(): void
    {
        $second = self::$client->tokens->create('php-sdk-second', 1);
        self::$secondToken = Harness::client($second['token']);
        $revoked = self::$secondToken->tokens->revoke(self::$tokenId);
        self::assertSame('revoked', $revoked['status']);
        self::assertNotNull($revoked['revokedAt']);
        self::expectApiError(fn () => self::$client->account->me(), AuthenticationException::class, 401, 'token_revoked');
    }

    /** @depends testStep13RevokedToken */
    public function testStep14ResumableUploadCutAndResumed(): void
    {
        $client = Harness::client(Harness::client(Harness::signUp()['session'])->tokens->create('php-tus', 1)['token']);
        $size = 3 * 1024 * 1024;
        $path = self::randomFile(self::$dir . '/resumable.bin', $size);
        $url = null;
        $firstRun = 0;
        try {
            $client->uploads->resumable($path, [
                'chunkSize' => 1024 * 1024,
                'onUrl' => function (string $u) use (&$url) {
                    $url = $u;
                },
                'progress' => function (int $sent) use (&$firstRun) {
                    $firstRun = max($firstRun, $sent);
                    return $sent <= 1024 * 1024; // cut once the first chunk is through
                },
            ]);
            self::fail('Expected a CancelledException');
        } catch (CancelledException) {
            self::assertStringStartsWith('/api/v2/uploads/resumable/', (string) $url);
        }
        self::assertSame(0, $client->uploads->list()['total'], 'nothing recorded before the end');

        // A later run: only the bytes the server lacks go again.
        $resumedFrom = $size;
        $last = 0;
        $record = $client->uploads->resumable($path, [
            'uploadUrl' => $url,
            'chunkSize' => 1024 * 1024,
            'progress' => function (int $sent, int $total) use (&$resumedFrom, &$last, $size) {
                self::assertSame($size, $total);
                $resumedFrom = min($resumedFrom, $sent);
                $last = $sent;
            },
        ]);
        self::assertGreaterThanOrEqual(1024 * 1024, $resumedFrom, 'the first chunk is not sent again');
        self::assertSame($size, $last);
        self::assertLessThanOrEqual(1.05 * $size, $firstRun + ($size - $resumedFrom));
        self::assertSame([false, $size, 'resumable.bin'], [$record['duplicate'], $record['size'], $record['name']]);

        $plain = $client->uploads->file($path);
        self::assertTrue($plain['duplicate']);
        self::assertSame([$record['cid'], $record['uploadId']], [$plain['cid'], $plain['uploadId']]);
    }

    /** @depends testStep14ResumableUploadCutAndResumed */
    public function testStep15StatusAndAllocations(): void
    {
        $cid = self::$fileV1['cid'];
        $status = self::$secondToken->pins->status($cid);
        self::assertSame($cid, $status['cid']);
        self::assertCount(1, $status['peers']);
        self::assertSame('pinned', $status['peers'][0]['status']);
        $allocations = self::$secondToken->pins->allocations($cid);
        self::assertSame([1, 1], [$allocations['replicationMin'], $allocations['replicationMax']]);
        self::assertCount(1, $allocations['peers']);
        self::assertNotSame('', $allocations['peers'][0]['peerId']);

        $unknown = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
        self::expectApiError(fn () => self::$secondToken->pins->status($unknown), NotFoundException::class, 404, 'file_not_found');
        self::expectApiError(fn () => self::$secondToken->pins->allocations($unknown), NotFoundException::class, 404, 'file_not_found');
    }

    /** @depends testStep15StatusAndAllocations */
    public function testStep16CarUpload(): void
    {
        $car = self::$dir . '/site.car';
        $ch = curl_init(Harness::$url . '/ipfs/' . self::$siteDag['cid'] . '?format=car');
        $out = fopen($car, 'wb');
        curl_setopt_array($ch, [CURLOPT_FILE => $out, CURLOPT_TIMEOUT => 30]);
        curl_exec($ch);
        self::assertSame(200, curl_getinfo($ch, CURLINFO_RESPONSE_CODE));
        curl_close($ch);
        fclose($out);

        self::$client = Harness::client(Harness::client(Harness::signUp()['session'])->tokens->create('php-car', 1)['token']);
        $record = self::$client->uploads->car($car);
        self::assertSame([self::$siteDag['cid'], 'directory', false], [$record['cid'], $record['type'], $record['duplicate']]);

        $used = self::$client->account->usage()['used'];
        $bad = self::$dir . '/flipped.car';
        $bytes = (string) file_get_contents($car);
        $bytes[strlen($bytes) - 1] = chr(ord($bytes[strlen($bytes) - 1]) ^ 0xff);
        file_put_contents($bad, $bytes);
        $error = self::expectApiError(fn () => self::$client->uploads->car($bad, ['name' => 'flipped']), ValidationException::class, 400, 'car_block_mismatch');
        self::assertStringStartsWith('car_', $error->getErrorCode());
        self::assertSame($used, self::$client->account->usage()['used']);
    }

    /** @depends testStep16CarUpload */
    public function testStep17PinningServiceApi(): void
    {
        $psa = self::$client->psa;
        $name = 'php-psa-' . bin2hex(random_bytes(4));
        $added = $psa->add(self::$fileV1['cid'], ['name' => $name, 'meta' => ['app' => 'php-sdk']]);
        self::assertContains($added['status'], ['queued', 'pinning', 'pinned']);
        self::assertSame(['cid' => self::$fileV1['cid'], 'name' => $name, 'origins' => [], 'meta' => ['app' => 'php-sdk']], $added['pin']);
        $pinned = $psa->wait($added, 60, 0.2);
        self::assertSame(['pinned', $added['requestid']], [$pinned['status'], $pinned['requestid']]);
        self::assertSame($pinned, $psa->get($added['requestid']));

        foreach ([['name' => $name], ['status' => ['pinned']], ['meta' => ['app' => 'php-sdk']]] as $filter) {
            $found = $psa->list($filter);
            self::assertSame(1, $found['count'], json_encode($filter));
            self::assertSame([$added['requestid']], array_column($found['results'], 'requestid'));
        }
        self::assertSame(0, $psa->list(['name' => $name, 'status' => ['failed', 'queued']])['count']);

        $psa->remove($added['requestid']);
        $error = self::expectApiError(fn () => $psa->get($added['requestid']), NotFoundException::class, 404, 'not_found');
        self::assertNotSame('NOT_FOUND', $error->getMessage(), 'the details are the message');
    }

    /** @depends testStep17PinningServiceApi */
    public function testStep18ReadOnlyToken(): void
    {
        $created = self::$client->tokens->create('php-read', 1, scopes: ['files:read']);
        self::assertSame(['files:read'], $created['scopes']);
        $listed = array_values(array_filter(self::$client->tokens->list(), fn (array $t) => $t['id'] === $created['id']));
        self::assertSame([['files:read']], array_column($listed, 'scopes'));

        $reader = Harness::client($created['token']);
        $before = $reader->uploads->list()['total'];
        $file = self::randomFile(self::$dir . '/scoped.bin', 1024);
        $error = self::expectApiError(fn () => $reader->uploads->file($file), InsufficientScopeException::class, 403, 'insufficient_scope');
        self::assertInstanceOf(InsufficientScopeException::class, $error);
        self::assertSame('files:write', $error->getScope());
        self::assertStringContainsString('files:write', $error->getMessage());
        self::assertSame($before, $reader->uploads->list()['total']);
    }
}
