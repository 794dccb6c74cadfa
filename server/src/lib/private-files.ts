import fs from 'node:fs';

/**
 * Makes `dir` private to the server's user (0700): it holds password and token hashes, the JWT
 * secret and every stored block. An existing directory is tightened too.
 */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/**
 * Creates `file` (if missing) as 0600 and tightens existing ones, with their SQLite companions:
 * SQLite gives the -wal and -shm files the mode of the database file itself.
 */
export function privateFile(file: string, companions: string[] = []): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const path of [file, ...companions]) {
    try {
      fs.chmodSync(path, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
