import fs from 'node:fs/promises';
import path from 'node:path';

export interface WalkedFile {
  path: string;
  /** Relative to the walked folder, with forward slashes (the server's path syntax). */
  relative: string;
  size: number;
  mtimeMs: number;
}

/**
 * Every regular file under `root`, sorted by relative path so that the same folder always gives
 * the same request. Symbolic links are skipped: following them could leave the folder or loop.
 */
export async function walkFolder(root: string): Promise<WalkedFile[]> {
  const files: WalkedFile[] = [];
  const pending = [''];
  while (pending.length > 0) {
    const relativeDir = pending.pop()!;
    const entries = await fs.readdir(path.join(root, relativeDir), { withFileTypes: true });
    for (const entry of entries) {
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) pending.push(relative);
      else if (entry.isFile()) {
        const full = path.join(root, relative);
        const stat = await fs.stat(full);
        files.push({ path: full, relative, size: stat.size, mtimeMs: stat.mtimeMs });
      }
    }
  }
  return files.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
}
