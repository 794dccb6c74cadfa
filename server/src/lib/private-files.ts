import fs from 'node:fs';
import path from 'node:path';

/** Modes of everything Cairn keeps: private to the server's user. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes `dir` private to the server's user (0700): it holds password and token hashes, the JWT
 * secret and every stored block. An existing directory is tightened too.
 */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates `file` (if missing) as 0600 and tightens existing ones, with their SQLite companions:
 * SQLite gives the -wal and -shm files the mode of the database file itself.
 */
export function privateFile(file: string, companions: string[] = []): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const path of [file, ...companions]) {
    try {
      fs.chmodSync(path, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * Makes the data directory and everything in it private again (directories 0700, files 0600), as
 * an operator's `chmod -R` or a copy may have left them. Symbolic links are not followed, and
 * what belongs to another user is left alone. Nothing is opened: closing a descriptor of a file
 * would drop this process's locks on it (the embedded engine's lock file among them).
 */
export function privateTree(dir: string): void {
  privateDir(dir);
  const uid = process.getuid?.();
  const pending = [dir];
  while (pending.length > 0) {
    const at = pending.pop()!;
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      if (!entry.isDirectory() && !entry.isFile()) continue;
      const full = path.join(at, entry.name);
      try {
        const stat = fs.lstatSync(full);
        if (uid !== undefined && stat.uid !== uid) continue;
        const mode = entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
        if ((stat.mode & 0o777) !== mode) fs.chmodSync(full, mode);
      } catch (error) {
        // Deleted meanwhile (a compaction, a finished upload): nothing left to tighten.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        continue;
      }
      if (entry.isDirectory()) pending.push(full);
    }
  }
}
