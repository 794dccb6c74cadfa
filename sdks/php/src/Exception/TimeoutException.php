<?php

declare(strict_types=1);

namespace Cairn\Exception;

/** Waiting for something on the server took longer than allowed. */
class TimeoutException extends CairnException
{
}
