import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** A second instance pointed at a data directory the embedded engine already uses. */
export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(
      `${dir} is in use by another Cairn instance: the embedded engine keeps one instance per data directory (use CONTENT_ENGINE=kubo or cluster to run several)`,
    );
  }
}

/** The file whose lock says who holds the directory; it holds no data. */
const LOCK_FILE = 'instance.lock';

/**
 * Creates the lock file (0600) unless it exists, without ever opening an existing one: closing
 * any descriptor of a file drops every POSIX lock this process holds on it.
 */
function ensureLockFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * Holds the embedded engine's directory for this process: an exclusive lock on `<dir>/instance.lock`,
 * taken as SQLite takes a database's (a POSIX lock, or Windows' LockFileEx). The operating system
 * releases it when its holder exits in any way, `kill -9` included: a start right after a crash
 * takes the directory at once, while a holder still running is refused. Returns the release.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE);
  ensureLockFile(file);
  const db = new SQLite(file, { timeout: 0 });
  try {
    // No journal file beside it: the transaction never writes a page.
    db.pragma('journal_mode = MEMORY');
    // Held, never committed, for as long as the process runs.
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirInUseError(dir);
    throw error;
  }
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    db.exec('ROLLBACK');
    db.close();
  };
}
