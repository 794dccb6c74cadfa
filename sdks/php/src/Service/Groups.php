<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * Groups of the account's records. A record may be in any number of groups; deleting a group
 * keeps its files. Records are added or removed by id (`['uploadIds' => [...]]`, 1 to 1000) or by
 * a filter of the file list (`['filter' => ['meta' => ['env' => 'prod']]]`, the keys of
 * `uploads->list` but `page`, `limit`, `sort` and `order`, with `metaExists` a list).
 *
 * @phpstan-import-type Group from Models
 * @phpstan-import-type GroupList from Models
 * @phpstan-import-type GroupDeleted from Models
 * @phpstan-import-type GroupMembersAdded from Models
 * @phpstan-import-type GroupMembersRemoved from Models
 */
final class Groups
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * @param array{page?: int, limit?: int, search?: string} $options search: groups whose name contains it
     * @return GroupList
     */
    public function list(array $options = []): array
    {
        return $this->transport->send(new Request('GET', '/groups', $options, idempotent: true));
    }

    /**
     * Not retried: a repeat of a create that did happen would answer group_name_taken.
     *
     * @return Group the new group; its name is unique in the account (else a ConflictException)
     */
    public function create(string $name): array
    {
        return $this->transport->send(new Request('POST', '/groups', json: ['name' => $name], idempotent: false));
    }

    /** @return Group */
    public function get(string $groupId): array
    {
        return $this->transport->send(new Request('GET', '/groups/' . rawurlencode($groupId), idempotent: true));
    }

    /** @return Group renaming to the same name changes nothing, so the call is retried */
    public function rename(string $groupId, string $name): array
    {
        return $this->transport->send(new Request('PATCH', '/groups/' . rawurlencode($groupId), json: ['name' => $name], idempotent: true));
    }

    /**
     * Not retried: a repeat of a delete that did happen would answer group_not_found.
     *
     * @return GroupDeleted the group is gone; its records stay
     */
    public function delete(string $groupId): array
    {
        return $this->transport->send(new Request('DELETE', '/groups/' . rawurlencode($groupId), idempotent: false));
    }

    /**
     * @param array{uploadIds?: list<string>, filter?: array<string, mixed>} $members
     * @return GroupMembersAdded how many records joined (one already there stays as it is, so the
     *     call is retried although it is a POST)
     */
    public function add(string $groupId, array $members): array
    {
        return $this->transport->send(new Request('POST', '/groups/' . rawurlencode($groupId) . '/uploads', json: self::members($members), idempotent: true));
    }

    /**
     * @param array{uploadIds?: list<string>, filter?: array<string, mixed>} $members
     * @return GroupMembersRemoved how many records left the group (they stay in the account);
     *     retried like add
     */
    public function remove(string $groupId, array $members): array
    {
        return $this->transport->send(new Request('POST', '/groups/' . rawurlencode($groupId) . '/uploads/remove', json: self::members($members), idempotent: true));
    }

    /**
     * @param array{uploadIds?: list<string>, filter?: array<string, mixed>} $members
     * @return array<string, mixed>
     */
    private static function members(array $members): array
    {
        if (isset($members['uploadIds']) === isset($members['filter'])) {
            throw new \InvalidArgumentException('Give either uploadIds or filter');
        }
        if (isset($members['uploadIds'])) {
            return ['uploadIds' => array_values($members['uploadIds'])];
        }
        $filter = [];
        foreach ($members['filter'] as $key => $value) {
            $filter[$key] = match (true) {
                $value instanceof \DateTimeInterface => $value->format(\DateTimeInterface::RFC3339_EXTENDED),
                in_array($key, ['meta', 'metaPrefix'], true) => (object) $value,
                default => $value,
            };
        }
        return ['filter' => (object) $filter];
    }
}
