import fs from 'node:fs';
import path from 'node:path';

/** Text gathered before a write, when it comes in pieces. */
const WRITE_SIZE = 256 * 1024;

/**
 * Replaces `file` with `text` so that a crash at any moment leaves either the old or the new
 * content, never a mix: write a temporary file beside it, fsync it, rename it over the old one,
 * then fsync the folder so the rename itself is on disk. Plain fs: no native module. Text given
 * in pieces is written as it comes, so a large file never sits in memory as one string.
 */
export function writeFileAtomic(file: string, text: string | Iterable<string>): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`);
  const fd = fs.openSync(temp, 'w', 0o600);
  try {
    if (typeof text === 'string') fs.writeFileSync(fd, text);
    else {
      let pending = '';
      for (const piece of text) {
        pending += piece;
        if (pending.length < WRITE_SIZE) continue;
        fs.writeSync(fd, pending);
        pending = '';
      }
      fs.writeSync(fd, pending);
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
  syncFolder(dir);
}

function syncFolder(dir: string): void {
  // Windows cannot open a folder for fsync; there the rename is already durable enough.
  if (process.platform === 'win32') return;
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads a JSON file written by `writeFileAtomic`; undefined when it does not exist yet. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text);
}
