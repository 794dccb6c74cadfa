<?php

declare(strict_types=1);

namespace Cairn\Http;

/**
 * A multipart/form-data body of repeated `file` parts, read by curl a piece at a time
 * (CURLOPT_READFUNCTION): each file is read from disk or from its stream only as the connection
 * takes it, so memory stays flat whatever the size. PHP's array form of CURLOPT_POSTFIELDS cannot
 * repeat a field name, which a folder upload needs.
 */
final class MultipartStream
{
    private readonly string $boundary;
    /** @var list<array{head: string, open: \Closure(): resource, close: bool}> */
    private array $parts = [];
    private ?int $length = 0;
    private int $index = -1;
    /** @var resource|null */
    private $current = null;
    private string $pending = '';
    private bool $replayable = true;

    public function __construct()
    {
        $this->boundary = 'cairn-' . bin2hex(random_bytes(16));
    }

    /** Adds a file from disk, named $filename (a relative path for folders). */
    public function addPath(string $filename, string $path): void
    {
        $size = filesize($path);
        if ($size === false) {
            throw new \InvalidArgumentException("Cannot read $path");
        }
        $this->add($filename, static function () use ($path) {
            $handle = fopen($path, 'rb');
            if ($handle === false) {
                throw new \RuntimeException("Cannot open $path");
            }
            return $handle;
        }, $size, true);
    }

    /**
     * Adds a file from an open stream, read to its end and left open; without its size the
     * body is sent chunked. A seekable stream (a file, php://memory) is read again from where it
     * stood for another attempt; any other stream can be sent only once.
     *
     * @param resource $stream
     */
    public function addStream(string $filename, $stream, ?int $size = null): void
    {
        $start = stream_get_meta_data($stream)['seekable'] ? ftell($stream) : false;
        if ($start === false) {
            $this->replayable = false;
            $this->add($filename, static fn () => $stream, $size, false);
            return;
        }
        $this->add($filename, static function () use ($stream, $start) {
            if (fseek($stream, $start) !== 0) {
                throw new \RuntimeException('Cannot read the stream again from where it stood');
            }
            return $stream;
        }, $size, false);
    }

    /** Whether the body can be sent again: every part is a path or a seekable stream. */
    public function isReplayable(): bool
    {
        return $this->replayable;
    }

    private function add(string $filename, \Closure $open, ?int $size, bool $close): void
    {
        $safe = str_replace(['"', "\r", "\n"], ['%22', '', ''], $filename);
        $head = "--{$this->boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"$safe\"\r\n"
            . "Content-Type: application/octet-stream\r\n\r\n";
        if ($this->parts !== []) {
            $head = "\r\n" . $head;
        }
        $this->parts[] = ['head' => $head, 'open' => $open, 'close' => $close];
        $this->length = ($this->length === null || $size === null) ? null : $this->length + strlen($head) + $size;
    }

    private function tail(): string
    {
        return "\r\n--{$this->boundary}--\r\n";
    }

    /**
     * Sets the body on a curl handle; a known length is declared, else it goes chunked. PHP's
     * curl has no POSTFIELDSIZE, so the body is an "upload" sent with the POST method, whose
     * length CURLOPT_INFILESIZE declares.
     *
     * @return list<string> the request headers the body needs
     */
    public function attach(\CurlHandle $ch): array
    {
        // Each attempt sends the body from its start.
        if ($this->current !== null && $this->index >= 0 && $this->parts[$this->index]['close']) {
            fclose($this->current);
        }
        $this->current = null;
        $this->index = -1;
        $this->pending = '';
        curl_setopt_array($ch, [
            CURLOPT_UPLOAD => true,
            CURLOPT_CUSTOMREQUEST => 'POST',
            CURLOPT_READFUNCTION => fn ($ch, $unused, int $max): string => $this->read($max),
        ]);
        $headers = ['Content-Type: multipart/form-data; boundary=' . $this->boundary];
        if ($this->length !== null) {
            curl_setopt($ch, CURLOPT_INFILESIZE, $this->length + strlen($this->tail()));
        } else {
            $headers[] = 'Transfer-Encoding: chunked';
        }
        return $headers;
    }

    /** The next piece of the body, at most $max bytes; '' at the end. */
    private function read(int $max): string
    {
        while ($this->pending === '') {
            if ($this->current !== null) {
                $chunk = fread($this->current, $max);
                if ($chunk !== false && $chunk !== '') {
                    return $chunk;
                }
                // A read error ends the body short of its declared length: the server refuses
                // the truncated upload and records nothing.
                if (!feof($this->current)) {
                    return '';
                }
                if ($this->parts[$this->index]['close']) {
                    fclose($this->current);
                }
                $this->current = null;
            }
            $this->index++;
            if ($this->index > count($this->parts)) {
                return '';
            }
            if ($this->index === count($this->parts)) {
                $this->pending = $this->tail();
                break;
            }
            $part = $this->parts[$this->index];
            $this->current = ($part['open'])();
            $this->pending = $part['head'];
        }
        $out = substr($this->pending, 0, $max);
        $this->pending = (string) substr($this->pending, strlen($out));
        return $out;
    }
}
