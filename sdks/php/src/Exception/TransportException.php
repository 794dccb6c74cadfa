<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** The request got no answer: connection refused or reset, DNS failure, timeout. */
class TransportException extends CairnException
{
    public function __construct(string $message, public readonly int $curlErrno = 0)
    {
        parent::__construct($message);
    }
}
