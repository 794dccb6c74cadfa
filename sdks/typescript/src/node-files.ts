/**
 * Files on disk, for Node only. `node:` modules are imported on first use, so the same bundle
 * loads in a browser, where paths are simply not accepted.
 */
const CHUNK = 1024 * 1024;

async function nodeModules() {
  if (typeof process === 'undefined' || !process.versions?.node) {
    throw new TypeError('Paths on disk can be uploaded from Node only; give a File or Blob in a browser');
  }
  const [fs, path] = await Promise.all([import('node:fs'), import('node:path')]);
  return { fs, path };
}

export async function statPath(file: string): Promise<number> {
  const { fs } = await nodeModules();
  const stat = await fs.promises.stat(file);
  if (!stat.isFile()) throw new TypeError(`Not a file: ${file}`);
  return stat.size;
}

/** The file's size now, whatever it is. */
export async function fileSize(file: string): Promise<number> {
  const { fs } = await nodeModules();
  return (await fs.promises.stat(file)).size;
}

/** The file's bytes in 1 MiB chunks, read as they are needed. */
export async function* readPath(file: string): AsyncGenerator<Uint8Array> {
  const { fs } = await nodeModules();
  const stream = fs.createReadStream(file, { highWaterMark: CHUNK });
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } finally {
    stream.destroy();
  }
}

export interface DiskFile {
  absolute: string;
  /** The path from the folder's parent, with `/` separators: `site/css/a.css`. */
  relative: string;
  size: number;
}

/** Every regular file under `root`, sorted by path; symbolic links are not followed. */
export async function readDirectory(root: string): Promise<DiskFile[]> {
  const { fs, path } = await nodeModules();
  const top = path.resolve(root);
  if (!(await fs.promises.stat(top)).isDirectory()) throw new TypeError(`Not a folder: ${root}`);
  const prefix = path.basename(top);
  const found: DiskFile[] = [];
  const walk = async (dir: string, rel: string): Promise<void> => {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const absolute = path.join(dir, entry.name);
      const relative = `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(absolute, relative);
      else if (entry.isFile()) found.push({ absolute, relative, size: (await fs.promises.stat(absolute)).size });
    }
  };
  await walk(top, prefix);
  if (found.length === 0) throw new TypeError(`The folder has no files: ${root}`);
  return found;
}

/** Bytes `start` to `end` (exclusive) of a file, in 256 KiB pieces. */
export async function* readRange(file: string, start: number, end: number): AsyncGenerator<Uint8Array> {
  if (end <= start) return;
  const { fs } = await nodeModules();
  const stream = fs.createReadStream(file, { start, end: end - 1, highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } finally {
    stream.destroy();
  }
}

/** What identifies a file's version on disk: its absolute path, size and modification time. */
export async function fileIdentity(file: string): Promise<{ absolute: string; size: number; mtimeMs: number }> {
  const { fs, path } = await nodeModules();
  const stat = await fs.promises.stat(file);
  if (!stat.isFile()) throw new TypeError(`Not a file: ${file}`);
  return { absolute: path.resolve(file), size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) };
}
