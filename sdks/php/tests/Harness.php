<?php

declare(strict_types=1);

namespace Cairn\Tests;

/**
 * The live Cairn server the suite runs against: the repository's SDK harness
 * (`sdks/harness/serve.ts`), started once and always stopped at the end (closing its standard
 * input ends it, and the pipe also closes if PHP dies), or the server in CAIRN_TEST_URL.
 */
final class Harness
{
    public static string $url = '';
    public static string $adminEmail = '';
    public static string $adminPassword = '';
    /** @var resource|null */
    private static $process = null;
    /** @var array<int, resource> */
    private static array $pipes = [];

    public static function start(): void
    {
        if (($url = getenv('CAIRN_TEST_URL')) !== false && $url !== '') {
            self::$url = $url;
            self::$adminEmail = (string) getenv('CAIRN_TEST_ADMIN_EMAIL');
            self::$adminPassword = (string) getenv('CAIRN_TEST_ADMIN_PASSWORD');
            return;
        }
        $root = dirname(__DIR__, 3);
        $process = proc_open(
            ['node', '--import', 'tsx', 'sdks/harness/serve.ts'],
            [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => STDERR],
            self::$pipes,
            $root,
        );
        if ($process === false) {
            throw new \RuntimeException('Could not start the harness');
        }
        self::$process = $process;
        register_shutdown_function([self::class, 'stop']);
        $read = [self::$pipes[1]];
        $none = [];
        if (stream_select($read, $none, $none, 90) !== 1) {
            throw new \RuntimeException('The harness did not answer within 90 s');
        }
        $info = json_decode((string) fgets(self::$pipes[1]), true);
        if (!is_array($info) || !isset($info['url'])) {
            throw new \RuntimeException('The harness did not start');
        }
        self::$url = $info['url'];
        self::$adminEmail = $info['admin']['email'];
        self::$adminPassword = $info['admin']['password'];
    }

    public static function stop(): void
    {
        if (self::$process === null) {
            return;
        }
        fclose(self::$pipes[0]);
        $deadline = microtime(true) + 15;
        while (proc_get_status(self::$process)['running'] && microtime(true) < $deadline) {
            usleep(100_000);
        }
        if (proc_get_status(self::$process)['running']) {
            proc_terminate(self::$process, 9);
        }
        fclose(self::$pipes[1]);
        proc_close(self::$process);
        self::$process = null;
    }

    /**
     * Plain HTTP for the set-up that is not the SDK's surface (sign-up, admin changes).
     *
     * @param array<string, mixed> $body
     * @return array<string, mixed>
     */
    public static function api(string $method, string $path, ?string $bearer, array $body, int $want): array
    {
        $ch = curl_init(self::$url . '/api/v2' . $path);
        $headers = ['Content-Type: application/json'];
        if ($bearer !== null) {
            $headers[] = 'Authorization: Bearer ' . $bearer;
        }
        curl_setopt_array($ch, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_POSTFIELDS => json_encode($body),
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT => 30,
        ]);
        $raw = (string) curl_exec($ch);
        $status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
        curl_close($ch);
        if ($status !== $want) {
            throw new \RuntimeException("$method $path answered $status, want $want: $raw");
        }
        return (array) json_decode($raw, true);
    }

    /** A fresh account with a random e-mail, logged in: id, email, session. */
    public static function signUp(): array
    {
        $email = 'php-' . bin2hex(random_bytes(6)) . '@sdk.test';
        $signup = self::api('POST', '/auth/signup', null, [
            'name' => 'Php', 'lastname' => 'Tester', 'country' => 'ES', 'birthDate' => '10/12/1990',
            'language' => 'en', 'email' => $email, 'password' => 'correct-horse-7',
        ], 201);
        return ['id' => $signup['user']['id'], 'email' => $email, 'session' => self::login($email, 'correct-horse-7')];
    }

    public static function login(string $email, string $password): string
    {
        return self::api('POST', '/auth/login', null, ['email' => $email, 'password' => $password], 200)['token'];
    }

    public static function client(string $token): \Cairn\Client
    {
        return new \Cairn\Client($token, ['baseUrl' => self::$url]);
    }

    /** @return array{int, string} the status and body of a GET without credentials (a path is on the harness's server) */
    public static function plainGet(string $url): array
    {
        if (str_starts_with($url, '/')) {
            $url = self::$url . $url;
        }
        $ch = curl_init($url);
        curl_setopt_array($ch, [CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => 30]);
        $body = (string) curl_exec($ch);
        $status = (int) curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
        curl_close($ch);
        return [$status, $body];
    }
}
