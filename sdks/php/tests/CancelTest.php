<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Exception\CancelledException;
use PHPUnit\Framework\TestCase;

final class CancelTest extends TestCase
{
    /** A progress callback that returns false stops the upload; the server records nothing. */
    public function testCancellingAnUploadFromItsProgressCallbackLeavesNoRecord(): void
    {
        $client = Harness::client(Harness::signUp()['session']);
        $path = tempnam(sys_get_temp_dir(), 'cairn-cancel-');
        $handle = fopen($path, 'wb');
        for ($i = 0; $i < 64; $i++) {
            fwrite($handle, random_bytes(1024 * 1024));
        }
        fclose($handle);
        $maxSent = 0;
        try {
            $client->uploads->file($path, ['progress' => function (int $sent) use (&$maxSent) {
                $maxSent = max($maxSent, $sent);
                return $sent < 4 * 1024 * 1024;
            }]);
            self::fail('Expected a CancelledException');
        } catch (CancelledException) {
            self::assertLessThan(64 * 1024 * 1024, $maxSent);
        } finally {
            unlink($path);
        }
        $deadline = microtime(true) + 10;
        do {
            $usage = $client->account->usage();
            $list = $client->uploads->list();
            if ($usage['used'] === 0 && $list['total'] === 0) {
                break;
            }
            usleep(100_000);
        } while (microtime(true) < $deadline);
        self::assertSame([0, 0], [$usage['used'], $list['total']]);
    }
}
