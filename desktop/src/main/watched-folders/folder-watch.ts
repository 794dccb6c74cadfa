import chokidar, { type FSWatcher } from 'chokidar';

export interface FolderEvents {
  /** A file appeared or changed, and its writes have settled. */
  settled(absolute: string, size: number, mtimeMs: number): void;
  removed(absolute: string): void;
  /** A folder appeared or went (DAG mode re-pins). */
  treeChanged(): void;
  error(error: Error): void;
}

/**
 * One recursive chokidar watcher. A file is reported only once its size has not changed for
 * `settleMs` (chokidar's awaitWriteFinish), so a file still being written is taken once, complete.
 * Files already there are not reported: the manifest comparison at start covers them.
 */
export function watchFolder(folder: string, settleMs: number, events: FolderEvents): FSWatcher {
  const watcher = chokidar.watch(folder, {
    ignoreInitial: true,
    followSymlinks: false,
    alwaysStat: true,
    awaitWriteFinish: { stabilityThreshold: settleMs, pollInterval: Math.min(100, settleMs) },
  });
  const settled = (absolute: string, stats?: { size: number; mtimeMs: number }) => {
    if (stats) events.settled(absolute, stats.size, stats.mtimeMs);
  };
  watcher.on('add', settled);
  watcher.on('change', settled);
  watcher.on('unlink', (absolute) => events.removed(absolute));
  watcher.on('addDir', () => events.treeChanged());
  watcher.on('unlinkDir', () => events.treeChanged());
  watcher.on('error', (error) => events.error(error instanceof Error ? error : new Error(String(error))));
  return watcher;
}
