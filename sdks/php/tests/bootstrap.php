<?php

declare(strict_types=1);

// The package's PSR-4 map (composer.json) without needing Composer's vendor/ folder.
spl_autoload_register(static function (string $class): void {
    $roots = ['Cairn\\Tests\\' => __DIR__ . '/', 'Cairn\\' => dirname(__DIR__) . '/src/'];
    foreach ($roots as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});

Cairn\Tests\Harness::start();
