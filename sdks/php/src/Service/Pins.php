<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Exception\PinFailedException;
use Cairn\Exception\TimeoutException;
use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * Pins existing IPFS content by CID. A job (PinJob) has an id, the cid, a status (queued, pinning,
 * pinned, failed), its progress, error and errorCode once failed, and upload (the record, once
 * pinned).
 *
 * @phpstan-import-type PinJob from Models
 * @phpstan-import-type PinAllocationView from Models
 * @phpstan-import-type PinStatusView from Models
 */
final class Pins
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * Starts a pin job; content already on the server is usually `pinned` at once.
     *
     * @param array{name?: string, originalName?: string, private?: bool, groupId?: string,
     *     meta?: array<string, string>} $options private: the record is served only through signed
     *     access links; groupId: a group it joins; meta: its key-values
     * @return PinJob
     */
    public function create(string $cid, array $options = []): array
    {
        $body = ['cid' => $cid];
        if (($options['name'] ?? '') !== '') {
            $body['customName'] = $options['name'];
        }
        if (($options['originalName'] ?? '') !== '') {
            $body['originalName'] = $options['originalName'];
        }
        if (($options['private'] ?? false) === true) {
            $body['private'] = true;
        }
        if (($options['groupId'] ?? '') !== '') {
            $body['groupId'] = $options['groupId'];
        }
        if (($options['meta'] ?? []) !== []) {
            $body['meta'] = $options['meta'];
        }
        return $this->transport->send(new Request('POST', '/pins', json: $body));
    }

    /** @return PinJob the job's status and progress */
    public function get(string $id): array
    {
        return $this->transport->send(new Request('GET', '/pins/' . rawurlencode($id)));
    }

    /**
     * Polls a job until it is pinned (returned with its record) or failed (PinFailedException);
     * $onUpdate sees every state polled. Gives up with a TimeoutException after $timeout seconds.
     *
     * @param PinJob $job
     * @param (callable(PinJob): void)|null $onUpdate
     * @return PinJob
     */
    public function wait(array $job, ?callable $onUpdate = null, float $timeout = 600.0, float $interval = 1.0): array
    {
        $deadline = microtime(true) + $timeout;
        while (true) {
            if ($onUpdate !== null) {
                $onUpdate($job);
            }
            if ($job['status'] === 'pinned') {
                return $job;
            }
            if ($job['status'] === 'failed') {
                throw new PinFailedException($job);
            }
            if (microtime(true) + $interval > $deadline) {
                throw new TimeoutException("The pin of {$job['cid']} is still {$job['status']} after {$timeout} s");
            }
            usleep((int) ($interval * 1_000_000));
            $job = $this->get($job['id']);
        }
    }

    /**
     * Starts a pin job and waits for its end.
     *
     * @param array{name?: string, originalName?: string, private?: bool, groupId?: string,
     *     meta?: array<string, string>} $options private: the record is served only through signed
     *     access links; groupId: a group it joins; meta: its key-values
     * @return PinJob
     */
    public function createAndWait(string $cid, array $options = [], float $timeout = 600.0): array
    {
        return $this->wait($this->create($cid, $options), null, $timeout);
    }

    /**
     * How each IPFS node holds one of the account's CIDs: `cid`, `engine` and `peers` (peerId,
     * peerName, status `pinned`/`pinning`/`queued`/`unpinned`/`error`, error, updatedAt). A CID
     * the account does not hold is a NotFoundException `file_not_found`.
     *
     * @return PinStatusView
     */
    public function status(string $cid): array
    {
        return $this->transport->send(new Request('GET', '/status/' . rawurlencode($cid)));
    }

    /**
     * The nodes one of the account's CIDs is allocated to (`peers`: peerId, peerName) and its
     * `replicationMin` and `replicationMax` (-1: every node; 0: not pinned right now).
     *
     * @return PinAllocationView
     */
    public function allocations(string $cid): array
    {
        return $this->transport->send(new Request('GET', '/allocations/' . rawurlencode($cid)));
    }
}
