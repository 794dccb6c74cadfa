<?php

// Served by any PHP web server (here `php -S 127.0.0.1:8000 receiver.php`).
require __DIR__ . '/vendor/autoload.php';

use Cairn\Exception\WebhookVerificationException;
use Cairn\Webhook;

// The endpoint's signing secret (shown once when it was made) comes from the environment.
$secret = getenv('CAIRN_WEBHOOK_SECRET') ?: '';
$log = fopen('php://stdout', 'w');
try {
    // The raw bytes as received: never decode and encode the JSON before checking it.
    $event = Webhook::verify(file_get_contents('php://input'), $_SERVER['HTTP_CAIRN_SIGNATURE'] ?? '', $secret);
    fwrite($log, "verified {$event['type']} {$event['id']}\n");
    http_response_code(200);
} catch (WebhookVerificationException $error) {
    fwrite($log, "refused {$error->getMessage()}\n");
    http_response_code(400);
}
