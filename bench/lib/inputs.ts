import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Random bytes (incompressible, no repeated blocks to deduplicate); reused when already there. */
export function randomFile(dir: string, name: string, bytes: number): string {
  const file = path.join(dir, name);
  if (existsSync(file) && statSync(file).size === bytes) return file;
  console.log(`  preparing ${name} (${bytes / 1024 ** 2} MiB of random bytes)…`);
  execFileSync('sh', ['-c', `head -c ${bytes} /dev/urandom > "${file}"`]);
  return file;
}

/** `count` random files of `bytes` each in `<dir>/large-tree-<MiB>m/site/`, reused when already there: the folder's path and its files' names. */
export function randomFolder(dir: string, count: number, bytes: number): { folder: string; names: string[] } {
  const folder = path.join(dir, `large-tree-${bytes / 1024 ** 2}m`, 'site');
  mkdirSync(folder, { recursive: true });
  const names = Array.from({ length: count }, (_, i) => `f${String(i + 1).padStart(2, '0')}.bin`);
  for (const name of names) randomFile(folder, name, bytes);
  return { folder, names };
}

export const SMALL_FILES = 10_000;
const BOUNDARY = 'cairn-bench-boundary-7f3a9c';

export interface SmallTree {
  /** The folder `ipfs-car pack` reads (`<dir>/site`). */
  folder: string;
  /** The same files as one multipart body with relative paths (`site/d7/f107.txt`). */
  body: string;
  contentType: string;
  bytes: number;
}

/** 10,000 files of 1–4 KB in 100 sub-folders of `site/`, on disk and as one multipart body. */
export function smallTree(dir: string): SmallTree {
  const root = path.join(dir, 'tree');
  const folder = path.join(root, 'site');
  const body = path.join(root, 'site.multipart');
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  const parts: Buffer[] = [];
  let seed = 12345;
  let bytes = 0;
  const fresh = !existsSync(body);
  if (fresh) console.log(`  preparing ${SMALL_FILES} small files…`);
  for (let i = 0; i < SMALL_FILES; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const size = 1024 + (seed % 3073);
    bytes += size;
    if (!fresh) continue;
    const relative = `d${i % 100}/f${i}.txt`;
    const content = Buffer.alloc(size, `file ${i} of the bench tree; `);
    mkdirSync(path.join(folder, `d${i % 100}`), { recursive: true });
    writeFileSync(path.join(folder, relative), content);
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="site/${relative}"\r\n` +
          'Content-Type: text/plain\r\n\r\n',
      ),
      content,
      Buffer.from('\r\n'),
    );
  }
  if (fresh) {
    parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
    writeFileSync(body, Buffer.concat(parts));
  }
  return { folder, body, contentType, bytes };
}
