<?php

// One upload of FILE through the PHP SDK; prints the CID and the upload's time.
// Run by bench/sdk-upload.ts, which measures the peak RSS.

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'Cairn\\')) {
        require dirname(__DIR__, 2) . '/sdks/php/src/' . str_replace('\\', '/', substr($class, 6)) . '.php';
    }
});

$cairn = new Cairn\Client(getenv('TOKEN'), ['baseUrl' => getenv('URL')]);
$started = hrtime(true);
$result = $cairn->uploads->file(getenv('FILE'));
$seconds = (hrtime(true) - $started) / 1e9;
echo json_encode(['cid' => $result['cid'], 'seconds' => $seconds]), "\n";
