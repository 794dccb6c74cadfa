<?php

declare(strict_types=1);

namespace Cairn\Service;

use Cairn\Http\Request;
use Cairn\Http\Transport;
use Cairn\Models;

/**
 * The account's CIDs viewed as DAGs.
 *
 * @phpstan-import-type DagView from Models
 */
final class Dag
{
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * Totals under one of the account's CIDs (totalFiles, totalSize) and one page of a
     * directory's direct entries.
     *
     * @param array{page?: int, limit?: int} $options
     * @return DagView
     */
    public function get(string $cid, array $options = []): array
    {
        return $this->transport->send(new Request('GET', '/dag/' . rawurlencode($cid), $options));
    }
}
