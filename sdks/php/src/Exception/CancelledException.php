<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** The upload was stopped because its progress callback returned false. */
class CancelledException extends CairnException
{
}
