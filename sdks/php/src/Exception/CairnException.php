<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** Every exception this SDK throws. */
class CairnException extends \RuntimeException
{
}
