<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Exception\ConflictException;
use Cairn\Exception\NotFoundException;
use Cairn\Exception\ValidationException;
use PHPUnit\Framework\TestCase;

/**
 * The calls the scenario does not cover: token listing, referrals, plans and checkout, DAG
 * paging and reading a pin job.
 */
final class AccountTest extends TestCase
{
    public function testTokensReferralsPlansDagPagingAndPins(): void
    {
        $user = Harness::signUp();
        $created = Harness::client($user['session'])->tokens->create('listed', 2);
        $client = Harness::client($created['token']);

        $tokens = $client->tokens->list();
        self::assertCount(1, $tokens);
        self::assertSame([$created['id'], $created['prefix']], [$tokens[0]['id'], $tokens[0]['prefix']]);
        self::assertArrayNotHasKey('token', $tokens[0], 'a listed token has no secret');

        $referrals = $client->account->referrals();
        self::assertSame($client->account->me()['referralCode'], $referrals['code']);
        self::assertSame(0, $referrals['totalReferrals']);

        $plans = $client->plans->list();
        try {
            $client->plans->checkout($plans['currentPlanCode'], true);
            self::fail('Expected plan_already_active');
        } catch (ConflictException $e) {
            self::assertSame('plan_already_active', $e->getErrorCode());
        }
        $admin = Harness::login(Harness::$adminEmail, Harness::$adminPassword);
        $code = 'php-free-' . bin2hex(random_bytes(4));
        Harness::api('POST', '/admin/plans', $admin, ['code' => $code, 'name' => 'PHP free', 'storageLimitBytes' => 2 << 30, 'priceMonthlyEur' => 0], 201);
        try {
            $client->plans->checkout($code, false);
            self::fail('Expected terms_not_accepted');
        } catch (ValidationException $e) {
            self::assertSame('terms_not_accepted', $e->getErrorCode());
        }
        $changed = $client->plans->checkout($code, true);
        self::assertSame(['changed', $code], [$changed['status'], $changed['plan']['code']]);
        self::assertSame([$code, 2 << 30], [$client->account->usage()['planCode'], $client->account->usage()['planLimit']]);

        $dir = sys_get_temp_dir() . '/cairn-php-site-' . bin2hex(random_bytes(4)) . '/site';
        mkdir("$dir/css", 0o755, true);
        file_put_contents("$dir/index.html", '<!doctype html>');
        file_put_contents("$dir/css/a.css", 'body{}');
        file_put_contents("$dir/logo.bin", random_bytes(2048));
        try {
            $dag = $client->uploads->directory($dir, ['name' => 'paged-site', 'cidVersion' => 0]);
        } finally {
            exec('rm -rf ' . escapeshellarg(dirname($dir)));
        }
        self::assertSame('paged-site', $dag['name']);
        self::assertStringStartsWith('Qm', $dag['cid']);
        // Three pages of one entry, each entry once (names not checked: openapi.yaml says direct
        // entries, the server lists the files under the folder).
        $seen = [];
        for ($page = 1; $page <= 3; $page++) {
            $view = $client->dag->get($dag['cid'], ['page' => $page, 'limit' => 1]);
            self::assertSame(3, $view['total']);
            self::assertCount(1, $view['entries']);
            self::assertNotContains($view['entries'][0]['name'], $seen);
            $seen[] = $view['entries'][0]['name'];
        }

        try {
            $client->pins->get('00000000-0000-4000-8000-000000000000');
            self::fail('Expected pin_not_found');
        } catch (NotFoundException $e) {
            self::assertSame('pin_not_found', $e->getErrorCode());
        }
    }
}
