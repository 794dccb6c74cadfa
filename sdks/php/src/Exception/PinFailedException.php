<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** A pin job ended `failed`; getErrorCode() is the job's errorCode (e.g. cid_not_found). */
class PinFailedException extends CairnException
{
    /** @param array<string, mixed> $job */
    public function __construct(public readonly array $job)
    {
        parent::__construct(sprintf('The pin of %s failed: %s', $job['cid'], $job['error'] ?? 'unknown error'));
    }

    public function getErrorCode(): string
    {
        return (string) ($this->job['errorCode'] ?? 'pin_failed');
    }
}
