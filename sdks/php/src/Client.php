<?php

declare(strict_types=1);

namespace Cairn;

use Cairn\Http\Transport;
use Cairn\Service\Account;
use Cairn\Service\Dag;
use Cairn\Service\Domains;
use Cairn\Service\Groups;
use Cairn\Service\Links;
use Cairn\Service\Names;
use Cairn\Service\Pins;
use Cairn\Service\Plans;
use Cairn\Service\Psa;
use Cairn\Service\Tokens;
use Cairn\Service\Uploads;

/**
 * The Cairn API client for one server and one credential (an API token `cairn_…` or a session).
 *
 *     $cairn = new Cairn\Client(getenv('CAIRN_TOKEN'), ['baseUrl' => 'https://cairn.example']);
 *     $file = $cairn->uploads->file('photo.jpg');
 */
final class Client
{
    public const VERSION = '0.2.0';

    public readonly Uploads $uploads;
    public readonly Pins $pins;
    public readonly Groups $groups;
    /** Signed access links to a record. */
    public readonly Links $links;
    public readonly Tokens $tokens;
    public readonly Account $account;
    public readonly Dag $dag;
    public readonly Plans $plans;
    public readonly Psa $psa;
    /** IPNS names: publish, resolve, roll back. */
    public readonly Names $names;
    /** Custom domains serving an IPNS name or a file of the account. */
    public readonly Domains $domains;

    /**
     * @param array{baseUrl?: string, retry?: RetryPolicy, timeout?: float, uploadTimeout?: float, userAgent?: string} $options
     *     timeout: seconds for a JSON call (default 60); uploadTimeout: seconds for an upload (default 0,
     *     none: a stalled upload still fails after 60 s without progress)
     */
    public function __construct(string $token, array $options = [])
    {
        if (trim($token) === '') {
            throw new \InvalidArgumentException('A Cairn token is required');
        }
        $userAgent = 'cairn-php/' . self::VERSION . ' PHP/' . PHP_VERSION;
        if (isset($options['userAgent'])) {
            $userAgent = $options['userAgent'] . ' ' . $userAgent;
        }
        $transport = new Transport(
            rtrim($options['baseUrl'] ?? 'http://127.0.0.1:3000', '/'),
            $token,
            $options['retry'] ?? new RetryPolicy(),
            $options['timeout'] ?? 60.0,
            $options['uploadTimeout'] ?? 0.0,
            $userAgent,
        );
        $this->uploads = new Uploads($transport);
        $this->pins = new Pins($transport);
        $this->groups = new Groups($transport);
        $this->links = new Links($transport);
        $this->tokens = new Tokens($transport);
        $this->account = new Account($transport);
        $this->dag = new Dag($transport);
        $this->plans = new Plans($transport);
        $this->psa = new Psa($transport);
        $this->names = new Names($transport);
        $this->domains = new Domains($transport);
    }
}
