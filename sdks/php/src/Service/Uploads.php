<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\MultipartStream;
use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * Uploads of files and folders, streamed from disk, and the account's records.
 *
 * A record (Upload) has an uploadId, name, originalName, customName, nameSource, cid, size,
 * type (file, directory, dag), category, filesCount, source (upload, pin) and createdAt; upload
 * results (UploadResult) add `duplicate` (the account already held the content; nothing was
 * charged again).
 *
 * Upload options: `name` (a custom record name), `cidVersion` (0 for what a default `ipfs add`
 * gives, 1 — the default — for `ipfs add --cid-version=1`), `progress` (called with the bytes
 * of the request body sent and its total; return false to cancel, which throws a
 * CancelledException). Uploads are never retried. `private` (true: the gateway serves the record
 * only through signed access links), `groupId` (a group the record joins) and `meta` (its
 * key-values, an array of strings by key) shape the new record.
 *
 * @phpstan-import-type DagUploadResult from Models
 * @phpstan-import-type FilesUploadResult from Models
 * @phpstan-import-type RemoveResult from Models
 * @phpstan-import-type Upload from Models
 * @phpstan-import-type UploadDetail from Models
 * @phpstan-import-type UploadList from Models
 * @phpstan-import-type UploadResult from Models
 */
final class Uploads
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * Streams the file at $path (with CURLFile), named after its last path segment.
     *
     * @param array{private?: bool, groupId?: string, meta?: array<string, string>, name?: string, cidVersion?: int,
     *     progress?: callable(int, int): (bool|null)} $options
     * @return UploadResult the record, with `duplicate`
     */
    public function file(string $path, array $options = []): array
    {
        if (!is_file($path) || !is_readable($path)) {
            throw new \InvalidArgumentException("Not a readable file: $path");
        }
        $file = new \CURLFile($path, 'application/octet-stream', basename($path));
        $body = static function (\CurlHandle $ch) use ($file): array {
            curl_setopt($ch, CURLOPT_POSTFIELDS, ['file' => $file]);
            return [];
        };
        return $this->transport->send(new Request('POST', '/upload', self::query($options), body: $body, progress: $options['progress'] ?? null));
    }

    /**
     * Streams an open stream (a socket, php://stdin, a generated file...) as a file named $filename.
     *
     * @param resource $stream read to its end and left open
     * @param array{private?: bool, groupId?: string, meta?: array<string, string>, name?: string, cidVersion?: int, size?: int,
     *     progress?: callable(int, int): (bool|null)} $options
     *     size: the stream's length when known, else the body is sent chunked
     * @return UploadResult the record, with `duplicate`
     */
    public function stream($stream, string $filename, array $options = []): array
    {
        $multipart = new MultipartStream();
        $multipart->addStream($filename, $stream, $options['size'] ?? null);
        $request = new Request('POST', '/upload', self::query($options), body: $multipart->attach(...), progress: $options['progress'] ?? null, replayable: $multipart->isReplayable());
        return $this->transport->send($request);
    }

    /**
     * Uploads the folder at $root as ONE DAG with one CID and one record (the CID `ipfs add -r`
     * gives). Every file is a `file` part named by its path under the folder's own name
     * (`site/css/a.css`), read from disk as the connection takes it.
     *
     * @param array{private?: bool, groupId?: string, meta?: array<string, string>, name?: string, cidVersion?: int,
     *     progress?: callable(int, int): (bool|null)} $options
     * @return DagUploadResult the record, with `duplicate` and `files` (filename, cid, size of each)
     */
    public function directory(string $root, array $options = []): array
    {
        return $this->folder($root, 'dag', $options);
    }

    /**
     * Uploads every file under $root as its own record (`name` is not used).
     *
     * @param array{private?: bool, groupId?: string, meta?: array<string, string>, cidVersion?: int,
     *     progress?: callable(int, int): (bool|null)} $options
     * @return FilesUploadResult
     */
    public function directoryFiles(string $root, array $options = []): array
    {
        unset($options['name']);
        return $this->folder($root, 'files', $options);
    }

    /** @return DagUploadResult|FilesUploadResult */
    private function folder(string $root, string $mode, array $options): array
    {
        $multipart = new MultipartStream();
        foreach (FolderWalker::files($root) as $relative => $path) {
            $multipart->addPath($relative, $path);
        }
        $query = self::query($options) + ['mode' => $mode];
        return $this->transport->send(new Request('POST', '/upload/directory', $query, body: $multipart->attach(...), progress: $options['progress'] ?? null));
    }

    /**
     * @param array<string, mixed> $options
     * @return array<string, scalar>
     */
    private static function query(array $options): array
    {
        $query = [];
        if (isset($options['name']) && $options['name'] !== '') {
            $query['name'] = $options['name'];
        }
        if (isset($options['cidVersion'])) {
            $query['cidVersion'] = (int) $options['cidVersion'];
        }
        if (($options['private'] ?? false) === true) {
            $query['private'] = 'true';
        }
        if (($options['groupId'] ?? '') !== '') {
            $query['groupId'] = $options['groupId'];
        }
        if (($options['meta'] ?? []) !== []) {
            $query['meta'] = json_encode($options['meta'], JSON_THROW_ON_ERROR);
        }
        return $query;
    }

    /**
     * The file list's filters as its query string: key-values as JSON, keys comma-separated,
     * dates as ISO 8601.
     *
     * @param array<string, mixed> $options
     * @return array<string, scalar>
     */
    public static function listQuery(array $options): array
    {
        $query = [];
        foreach ($options as $key => $value) {
            if ($value === null || $value === [] || $value === '') {
                continue;
            }
            $query[$key] = match (true) {
                $value instanceof \DateTimeInterface => $value->format(\DateTimeInterface::RFC3339_EXTENDED),
                $key === 'metaExists' && is_array($value) => implode(',', $value),
                is_array($value) => json_encode($value, JSON_THROW_ON_ERROR),
                default => $value,
            };
        }
        return $query;
    }

    /**
     * Uploads the file at $path through the resumable (tus) endpoint, in chunks of `chunkSize`
     * bytes (8 MiB by default) read from disk as they go. A dropped connection is resumed from
     * the server's offset, as often in a row as the retry policy allows. To resume in a later
     * run, keep the URL `onUrl` receives and pass it back as `uploadUrl` (the same file): only
     * the bytes the server lacks are sent. The URL lasts 24 hours.
     *
     * `progress` sees the bytes of the file the server has or is receiving, and the file's size;
     * returning false cancels (CancelledException), and the upload can be resumed later.
     *
     * `groupId` and `meta` are given to the record once it is stored, by two more calls (a
     * resumable upload cannot be made private at once: call `setPrivate` after).
     *
     * @param array{name?: string, cidVersion?: int, chunkSize?: int, uploadUrl?: string|null,
     *     onUrl?: callable(string): void, progress?: callable(int, int): (bool|null), groupId?: string,
     *     meta?: array<string, string>} $options
     * @return UploadResult the record, with `duplicate`
     */
    public function resumable(string $path, array $options = []): array
    {
        $groupId = $options['groupId'] ?? '';
        $meta = $options['meta'] ?? [];
        unset($options['groupId'], $options['meta']);
        $result = (new Resumable($this->transport))->upload($path, $options);
        if ($groupId !== '') {
            $this->transport->send(new Request('POST', '/groups/' . rawurlencode($groupId) . '/uploads', json: ['uploadIds' => [$result['uploadId']]], idempotent: true));
        }
        if ($meta !== []) {
            $result = array_merge($result, $this->setMeta($result['uploadId'], $meta));
        }
        return $result;
    }

    /** Drops an unfinished resumable upload, giving back the quota its length holds. */
    public function abortResumable(string $uploadUrl): void
    {
        (new Resumable($this->transport))->abort($uploadUrl);
    }

    /**
     * Imports a CAR file (CARv1, or the CARv1 in a CARv2) from disk with CURLFile: its one root
     * becomes a record (type `file` for a UnixFS file, `directory` or `dag`). A bad CAR is a
     * ValidationException whose code starts with `car_`; nothing is kept.
     *
     * @param array{private?: bool, groupId?: string, meta?: array<string, string>, name?: string,
     *     progress?: callable(int, int): (bool|null)} $options
     * @return UploadResult the record, with `duplicate`
     */
    public function car(string $path, array $options = []): array
    {
        if (!is_file($path) || !is_readable($path)) {
            throw new \InvalidArgumentException("Not a readable file: $path");
        }
        $file = new \CURLFile($path, 'application/vnd.ipld.car', basename($path));
        $body = static function (\CurlHandle $ch) use ($file): array {
            curl_setopt($ch, CURLOPT_POSTFIELDS, ['file' => $file]);
            return [];
        };
        return $this->transport->send(new Request('POST', '/upload/car', self::query($options), body: $body, progress: $options['progress'] ?? null));
    }

    /**
     * Imports a CAR read from an open stream as the request body (`application/vnd.ipld.car`),
     * as the connection takes it; `size` when known, else the body goes chunked.
     *
     * @param resource $stream read to its end and left open
     * @param array{private?: bool, groupId?: string, meta?: array<string, string>, name?: string, size?: int,
     *     progress?: callable(int, int): (bool|null)} $options
     * @return UploadResult the record, with `duplicate`
     */
    public function carStream($stream, array $options = []): array
    {
        $size = $options['size'] ?? null;
        $body = static function (\CurlHandle $ch) use ($stream, $size): array {
            curl_setopt_array($ch, [
                CURLOPT_UPLOAD => true,
                CURLOPT_CUSTOMREQUEST => 'POST',
                CURLOPT_READFUNCTION => static fn ($ch, $unused, int $max): string => (string) fread($stream, $max),
            ]);
            if ($size !== null) {
                curl_setopt($ch, CURLOPT_INFILESIZE, (int) $size);
                return ['Content-Type: application/vnd.ipld.car'];
            }
            return ['Content-Type: application/vnd.ipld.car', 'Transfer-Encoding: chunked'];
        };
        return $this->transport->send(new Request('POST', '/upload/car', self::query($options), body: $body, progress: $options['progress'] ?? null));
    }

    /**
     * One page of the account's records (uploads and pins), newest first unless `sort`/`order` say
     * otherwise. Every filter given applies at once: `name` (contains, any case), `cid` (starts
     * with), `type`, `category`, `minSize`/`maxSize` (bytes, included), `from`/`to` (date added,
     * ISO 8601 or a DateTimeInterface), `groupId`, `meta` (key equals value), `metaPrefix` (key's
     * value starts with), `metaExists` (keys the record has).
     *
     * @param array{page?: int, limit?: int, search?: string, sort?: 'date'|'name'|'size',
     *     order?: 'asc'|'desc', name?: string, cid?: string, type?: 'file'|'directory'|'dag',
     *     category?: string, minSize?: int, maxSize?: int, from?: string|\DateTimeInterface,
     *     to?: string|\DateTimeInterface, groupId?: string, meta?: array<string, string>,
     *     metaPrefix?: array<string, string>, metaExists?: list<string>} $options
     * @return UploadList
     */
    public function list(array $options = []): array
    {
        return $this->transport->send(new Request('GET', '/users/me/uploads', self::listQuery($options)));
    }

    /**
     * Every record from $options['page'] on, fetching a page at a time as the loop goes.
     *
     * @param array<string, mixed> $options the filters of `list`
     * @return \Generator<int, Upload>
     */
    public function all(array $options = []): \Generator
    {
        $options['page'] = max((int) ($options['page'] ?? 1), 1);
        while (true) {
            $page = $this->list($options);
            foreach ($page['files'] as $record) {
                yield $record;
            }
            if ($page['files'] === [] || $page['page'] * $page['limit'] >= $page['total']) {
                return;
            }
            $options['page']++;
        }
    }

    /** @return UploadDetail one of the account's records, with the groups that hold it */
    public function get(string $uploadId): array
    {
        return $this->transport->send(new Request('GET', '/uploads/' . rawurlencode($uploadId)));
    }

    /**
     * Renames a record: letters and digits of any script, dots, underscores and hyphens, not
     * starting with a dot, unique in the account (else a ValidationException or a
     * ConflictException `name_taken`).
     *
     * @return Upload the renamed record
     */
    public function rename(string $uploadId, string $name): array
    {
        return $this->transport->send(new Request('PATCH', '/uploads/' . rawurlencode($uploadId), json: ['name' => $name]));
    }

    /**
     * Renames a record and/or edits its key-values: in `meta` a string sets (or replaces) a key and
     * null removes it; other keys stay.
     *
     * @param array{name?: string, meta?: array<string, string|null>} $changes
     * @return Upload the record
     */
    public function update(string $uploadId, array $changes): array
    {
        if (isset($changes['meta'])) {
            $changes['meta'] = (object) $changes['meta'];
        }
        return $this->transport->send(new Request('PATCH', '/uploads/' . rawurlencode($uploadId), json: $changes));
    }

    /**
     * Sets (a string) or removes (null) key-values of a record.
     *
     * @param array<string, string|null> $meta
     * @return Upload the record
     */
    public function setMeta(string $uploadId, array $meta): array
    {
        return $this->update($uploadId, ['meta' => $meta]);
    }

    /**
     * Makes a record private (the gateway serves its content only through signed access links,
     * unless another record holds the same CID publicly) or public again.
     *
     * @return Upload the record
     */
    public function setPrivate(string $uploadId, bool $private): array
    {
        // Setting what is set changes nothing: retried like a read.
        return $this->transport->send(new Request('PUT', '/files/' . rawurlencode($uploadId) . '/privacy', json: ['private' => $private], idempotent: true));
    }

    /**
     * Removes a record and refunds its size; the content is unpinned once no record holds it.
     *
     * @return RemoveResult
     */
    public function delete(string $uploadId): array
    {
        // A record deleted already is upload_not_found: a retry would report a success as a failure.
        return $this->transport->send(new Request('DELETE', '/uploads/' . rawurlencode($uploadId), idempotent: false));
    }
}
