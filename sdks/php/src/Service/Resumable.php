<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Exception\ApiException;
use Cairn\Exception\CancelledException;
use Cairn\Exception\TransportException;
use Cairn\Http\Request;
use Cairn\Http\Response;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * Resumable uploads over the server's tus 1.0 endpoint (`/api/v2/uploads/resumable`): the file is
 * sent from disk in chunks of `PATCH` requests, each read as the connection takes it; after a
 * dropped connection the server's offset (`HEAD`) says where to go on, and an upload URL kept from
 * an earlier run (`onUrl`) resumes it in a later process.
 *
 * @phpstan-import-type UploadResult from Models
 */
final class Resumable
{
    private const TUS = ['Tus-Resumable' => '1.0.0'];
    public const DEFAULT_CHUNK = 8 * 1024 * 1024;

    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * @param array{name?: string, cidVersion?: int, chunkSize?: int, uploadUrl?: string|null,
     *     onUrl?: callable(string): void, progress?: callable(int, int): (bool|null)} $options
     * @return UploadResult the record, with `duplicate`
     */
    public function upload(string $path, array $options): array
    {
        if (!is_file($path) || !is_readable($path)) {
            throw new \InvalidArgumentException("Not a readable file: $path");
        }
        // PHP caches stat results: a file rewritten since its last filesize() call would be sent
        // under its old length.
        clearstatcache(true, $path);
        $size = (int) filesize($path);
        if ($size === 0) {
            throw new \InvalidArgumentException("$path is empty: a resumable upload needs at least one byte");
        }
        $chunk = (int) ($options['chunkSize'] ?? self::DEFAULT_CHUNK);
        if ($chunk < 1) {
            throw new \InvalidArgumentException('chunkSize must be at least one byte');
        }
        $url = $options['uploadUrl'] ?? null;
        if ($url === null || $url === '') {
            $url = $this->create($path, $size, $options);
            $offset = 0;
        } else {
            $url = self::pathOf($url);
            $offset = $this->offset($url, $size);
        }
        if (isset($options['onUrl'])) {
            ($options['onUrl'])($url);
        }
        $handle = fopen($path, 'rb');
        if ($handle === false) {
            throw new \RuntimeException("Cannot open $path");
        }
        try {
            return $this->sendFrom($handle, $url, $offset, $size, $chunk, $options['progress'] ?? null);
        } finally {
            fclose($handle);
        }
    }

    /** Drops an unfinished upload and gives its reserved quota back; a finished one's record stays. */
    public function abort(string $uploadUrl): void
    {
        $this->transport->sendForResponse(new Request('DELETE', self::pathOf($uploadUrl), headers: self::TUS, base: ''));
    }

    /** @param array<string, mixed> $options */
    private function create(string $path, int $size, array $options): string
    {
        $query = [];
        if (($options['name'] ?? '') !== '') {
            $query['name'] = $options['name'];
        }
        if (isset($options['cidVersion'])) {
            $query['cidVersion'] = (int) $options['cidVersion'];
        }
        $headers = self::TUS + [
            'Upload-Length' => (string) $size,
            'Upload-Metadata' => 'filename ' . base64_encode(basename($path)),
        ];
        // Not idempotent, so sent again only after an answer saying nothing was done.
        $response = $this->transport->sendForResponse(new Request('POST', '/uploads/resumable', $query, headers: $headers));
        $location = $response->header('location');
        if ($response->status !== 201 || $location === null) {
            throw new TransportException("POST /uploads/resumable answered {$response->status} without an upload URL");
        }
        return self::pathOf($location);
    }

    /** The server's offset for the upload (HEAD), checked against the file's size. */
    private function offset(string $url, int $size): int
    {
        $response = $this->transport->sendForResponse(new Request('HEAD', $url, headers: self::TUS, base: ''));
        $length = $response->header('upload-length');
        if ($length !== null && (int) $length !== $size) {
            throw new \InvalidArgumentException("The upload at $url is of $length bytes, not of this file's $size");
        }
        return (int) $response->header('upload-offset');
    }

    /**
     * PATCHes the file from $offset on, a chunk a request. A connection error or an offset the
     * server disagrees with (409) is followed by a HEAD and a new PATCH from the server's offset,
     * at most the retry policy's number of times in a row, with its backoff.
     *
     * @param resource $handle
     * @param (callable(int, int): (bool|null))|null $progress
     * @return UploadResult
     */
    private function sendFrom($handle, string $url, int $offset, int $size, int $chunk, ?callable $progress): array
    {
        $retry = $this->transport->retryPolicy();
        $failures = 0;
        while ($offset < $size) {
            $length = min($chunk, $size - $offset);
            try {
                $response = $this->patch($handle, $url, $offset, $length, $size, $progress);
                $failures = 0;
            } catch (TransportException | ApiException $e) {
                $recoverable = $e instanceof TransportException
                    || in_array($e->getStatus(), [409, 429, 503], true);
                if (!$recoverable || $failures >= $retry->maxRetries) {
                    throw $e;
                }
                $retryAfter = $e instanceof ApiException ? $e->getRetryAfter() : null;
                usleep((int) ($retry->delay($failures, $retryAfter) * 1_000_000));
                $failures++;
                $offset = $this->offset($url, $size);
                continue;
            }
            $offset = $response->status === 200 ? $size : (int) ($response->header('upload-offset') ?? ($offset + $length));
            // curl reports progress at intervals, so a fast chunk may end unreported: each
            // stored chunk is reported, and may cancel what remains.
            $goOn = $progress === null ? null : $progress($offset, $size);
            if ($response->status === 200 && $response->body !== null) {
                return $response->body;
            }
            if ($goOn === false) {
                throw new CancelledException("The upload was cancelled at byte $offset; resume it from $url");
            }
        }
        // The server held the whole file already (a resumed upload that had finished): its record.
        return $this->transport->send(new Request('GET', $url, base: ''));
    }

    /**
     * @param resource $handle
     * @param (callable(int, int): (bool|null))|null $progress
     */
    private function patch($handle, string $url, int $offset, int $length, int $size, ?callable $progress): Response
    {
        if (fseek($handle, $offset) !== 0) {
            throw new \RuntimeException("Cannot seek to byte $offset of the file");
        }
        $left = $length;
        $body = static function (\CurlHandle $ch) use ($handle, &$left, $length): array {
            curl_setopt_array($ch, [
                CURLOPT_UPLOAD => true,
                CURLOPT_CUSTOMREQUEST => 'PATCH',
                CURLOPT_INFILESIZE => $length,
                CURLOPT_READFUNCTION => static function ($ch, $unused, int $max) use ($handle, &$left): string {
                    if ($left <= 0) {
                        return '';
                    }
                    $piece = fread($handle, min($max, $left));
                    if ($piece === false) {
                        return ''; // a short body: the server keeps what came, the next HEAD says so
                    }
                    $left -= strlen($piece);
                    return $piece;
                },
            ]);
            return [];
        };
        // Progress counts bytes of the whole file: what the server held before this request and
        // what this one has sent.
        $wrapped = $progress === null ? null : static fn (int $sent) => $progress($offset + min($sent, $length), $size);
        $headers = self::TUS + ['Upload-Offset' => (string) $offset, 'Content-Type' => 'application/offset+octet-stream'];
        try {
            return $this->transport->exchange(new Request('PATCH', $url, body: $body, progress: $wrapped, headers: $headers, base: ''));
        } catch (CancelledException $e) {
            throw new CancelledException("The upload was cancelled at byte $offset or later; resume it from $url", 0, $e);
        }
    }

    /** The path of an upload URL on the server, absolute or relative (`/api/v2/uploads/resumable/…`). */
    private static function pathOf(string $url): string
    {
        $path = parse_url($url, PHP_URL_PATH);
        if (!is_string($path) || !str_contains($path, '/uploads/resumable/')) {
            throw new \InvalidArgumentException("Not a resumable upload URL: $url");
        }
        return $path;
    }
}
