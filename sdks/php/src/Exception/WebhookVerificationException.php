<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** The webhook delivery is not one Cairn signed with this secret (or not recently); getKind() says why. */
final class WebhookVerificationException extends CairnException
{
    public const MALFORMED_HEADER = 'malformed_header';
    public const TIMESTAMP_OUTSIDE_TOLERANCE = 'timestamp_outside_tolerance';
    public const SIGNATURE_MISMATCH = 'signature_mismatch';

    /** @param self::MALFORMED_HEADER|self::TIMESTAMP_OUTSIDE_TOLERANCE|self::SIGNATURE_MISMATCH $kind */
    public function __construct(private readonly string $kind, string $message)
    {
        parent::__construct($message);
    }

    /** One of `malformed_header`, `timestamp_outside_tolerance`, `signature_mismatch`. */
    public function getKind(): string
    {
        return $this->kind;
    }
}
