<?php

declare(strict_types=1);

namespace Cairn\Service;

/** Lists a folder's files for an upload. */
final class FolderWalker
{
    /**
     * The regular files under $root (symbolic links and special files left out), sorted, keyed by
     * their slash-separated path under the folder's own name (`site/css/a.css`).
     *
     * @return array<string, string> relative path => path on disk
     */
    public static function files(string $root): array
    {
        $real = realpath($root);
        if ($real === false || !is_dir($real)) {
            throw new \InvalidArgumentException("Not a folder: $root");
        }
        $top = basename($real);
        $files = [];
        $iterator = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($real, \FilesystemIterator::SKIP_DOTS),
        );
        foreach ($iterator as $info) {
            /** @var \SplFileInfo $info */
            if ($info->isLink() || !$info->isFile()) {
                continue;
            }
            $relative = substr($info->getPathname(), strlen($real) + 1);
            $files[$top . '/' . str_replace(DIRECTORY_SEPARATOR, '/', $relative)] = $info->getPathname();
        }
        if ($files === []) {
            throw new \InvalidArgumentException("$root holds no files");
        }
        ksort($files, SORT_STRING);
        return $files;
    }
}
