<?php

require 'vendor/autoload.php';

use Cairn\Client;
use Cairn\Exception\QuotaExceededException;

// The server and an API token (Settings → API tokens) come from the environment.
$cairn = new Client(getenv('CAIRN_TOKEN'), ['baseUrl' => getenv('CAIRN_API_URL')]);

try {
    $file = $cairn->uploads->file('hello.txt');
    echo "stored {$file['name']} as {$file['cid']}\n";
} catch (QuotaExceededException $e) {
    echo 'The account is full: ', $e->getMessage(), "\n";
}
