<?php

declare(strict_types=1);

namespace Cairn\Http;

use Cairn\Exception\ApiException;
use Cairn\Exception\CancelledException;
use Cairn\Exception\TransportException;
use Cairn\RetryPolicy;

/** Sends API calls with ext-curl, decodes answers and errors, and retries what may be retried. */
final class Transport
{
    public function __construct(
        private readonly string $baseUrl,
        private readonly string $token,
        private readonly RetryPolicy $retry,
        private readonly float $timeout,
        private readonly float $uploadTimeout,
        private readonly string $userAgent,
    ) {
    }

    /** @return array<string, mixed> the decoded JSON answer */
    public function send(Request $request): array
    {
        $response = $this->sendWithRetries($request);
        if ($response->body === null) {
            throw new TransportException("{$request->method} {$request->path}: the answer is not JSON");
        }
        return $response->body;
    }

    /** Sends a call whose answer may have no body (202, 204) or matter by its headers (tus). */
    public function sendForResponse(Request $request): Response
    {
        return $this->sendWithRetries($request);
    }

    /** Sends once, without retrying: the caller decides what a failure means (tus appends). */
    public function exchange(Request $request): Response
    {
        return $this->once($request);
    }

    public function retryPolicy(): RetryPolicy
    {
        return $this->retry;
    }

    private function sendWithRetries(Request $request): Response
    {
        $attempts = 1 + max($this->retry->maxRetries, 0);
        for ($attempt = 0;; $attempt++) {
            try {
                return $this->once($request);
            } catch (ApiException | TransportException $e) {
                $retryable = $request->isIdempotent()
                    ? $e instanceof TransportException || in_array($e->getStatus(), [429, 503], true)
                    : $e instanceof ApiException && $request->replayable
                        && RetryPolicy::saysNothingDone($e->getStatus(), $e->getErrorCode());
                if (!$retryable || $attempt + 1 >= $attempts) {
                    throw $e;
                }
                $retryAfter = $e instanceof ApiException ? $e->getRetryAfter() : null;
                // Sooner than the server asked would only be refused again: past the longest wait, the caller decides.
                if ($retryAfter !== null && $retryAfter > $this->retry->maxDelay) {
                    throw $e;
                }
                usleep((int) ($this->retry->delay($attempt, $retryAfter) * 1_000_000));
            }
        }
    }

    private function once(Request $request): Response
    {
        $url = $this->baseUrl . $request->base . $request->path;
        if ($request->query !== []) {
            $url .= '?' . http_build_query($request->query, '', '&', PHP_QUERY_RFC3986);
        }
        $headers = [];
        $ch = curl_init();
        $httpHeaders = [
            'Authorization: Bearer ' . $this->token,
            'Accept: application/json',
            'User-Agent: ' . $this->userAgent,
            'Expect:',
            ...array_map(static fn (string $name, string $value) => "$name: $value", array_keys($request->headers), $request->headers),
        ];
        curl_setopt_array($ch, [
            CURLOPT_URL => $url,
            CURLOPT_CUSTOMREQUEST => $request->method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_CONNECTTIMEOUT_MS => 10_000,
            CURLOPT_TIMEOUT_MS => (int) ($this->timeout * 1000),
            CURLOPT_HEADERFUNCTION => static function ($ch, string $line) use (&$headers): int {
                $parts = explode(':', $line, 2);
                if (count($parts) === 2) {
                    $headers[strtolower(trim($parts[0]))] = trim($parts[1]);
                }
                return strlen($line);
            },
        ]);
        if ($request->method === 'HEAD') {
            curl_setopt($ch, CURLOPT_NOBODY, true); // else curl waits for a body that never comes
        }
        if ($request->json !== null) {
            curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode($request->json, JSON_THROW_ON_ERROR));
            $httpHeaders[] = 'Content-Type: application/json';
        }
        if ($request->body !== null) {
            array_push($httpHeaders, ...($request->body)($ch));
            // A big upload may take long: no overall limit, but a stalled one is given up.
            curl_setopt_array($ch, [
                CURLOPT_TIMEOUT_MS => (int) ($this->uploadTimeout * 1000),
                CURLOPT_LOW_SPEED_LIMIT => 1,
                CURLOPT_LOW_SPEED_TIME => 60,
            ]);
            // Larger reads from the file than curl's 64 KiB default cut per-call overhead (the
            // option exists from PHP 8.2).
            if (defined('CURLOPT_UPLOAD_BUFFERSIZE')) {
                curl_setopt($ch, constant('CURLOPT_UPLOAD_BUFFERSIZE'), 512 * 1024);
            }
        }
        $cancelled = false;
        if ($request->progress !== null) {
            $progress = $request->progress;
            curl_setopt($ch, CURLOPT_NOPROGRESS, false);
            curl_setopt($ch, CURLOPT_XFERINFOFUNCTION, static function ($ch, int $dlTotal, int $dl, int $ulTotal, int $ul) use ($progress, &$cancelled): int {
                if ($ul > 0 && $progress($ul, $ulTotal) === false) {
                    $cancelled = true;
                    return 1; // a non-zero return aborts the transfer
                }
                return 0;
            });
        }
        curl_setopt($ch, CURLOPT_HTTPHEADER, $httpHeaders);
        $raw = curl_exec($ch);
        $status = (int) curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
        $errno = curl_errno($ch);
        $error = curl_error($ch);
        curl_close($ch);
        if ($cancelled) {
            throw new CancelledException("{$request->method} {$request->path} was cancelled");
        }
        // An upload the server refuses early (quota, size) may end in a send error after the answer
        // arrived: the answer wins.
        if ($raw === false || ($errno !== 0 && $status === 0)) {
            throw new TransportException("{$request->method} {$request->path}: $error", $errno);
        }
        $body = $raw === '' ? null : json_decode((string) $raw, true);
        $body = is_array($body) ? $body : null;
        if ($status >= 400) {
            $retryAfter = isset($headers['retry-after']) ? self::retryAfter($headers['retry-after']) : null;
            throw ApiException::fromResponse($status, $body, $headers['x-request-id'] ?? null, $retryAfter);
        }
        return new Response($status, $headers, $body);
    }

    /** Retry-After as seconds or as an HTTP date. */
    private static function retryAfter(string $value): ?int
    {
        if (ctype_digit($value)) {
            return (int) $value;
        }
        $time = strtotime($value);
        return $time === false ? null : max($time - time(), 0);
    }
}
