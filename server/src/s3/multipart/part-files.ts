import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context';
import { PRIVATE_FILE_MODE, privateDir } from '../../lib/private-files';

/**
 * Where parts wait: `<dataDir>/s3-parts/<uploadId>/<partNumber>-<random>`, private to the server.
 * A part row names its file `<instanceId>/<uploadId>/<partNumber>-<random>`: each instance of a
 * deployment keeps parts on its own disk, and checks only its own files against the rows.
 */
export const partsDir = (app: AppContext): string => path.join(app.config.dataDir, 's3-parts');

/** Files this process is writing and has not yet committed (or removed): never orphans. */
const writing = new WeakMap<AppContext, Set<string>>();

export function filesBeingWritten(app: AppContext): Set<string> {
  let set = writing.get(app);
  if (!set) writing.set(app, (set = new Set()));
  return set;
}

/** A new part file's name as its row keeps it. */
export function newPartFile(app: AppContext, uploadId: string, partNumber: number): string {
  return `${app.instanceId}/${uploadId}/${partNumber}-${crypto.randomBytes(8).toString('hex')}`;
}

/** The local path of a part file this instance keeps; null for another instance's. */
export function localPath(app: AppContext, file: string): string | null {
  const prefix = `${app.instanceId}/`;
  if (!file.startsWith(prefix)) return null;
  const [uploadId, name, ...rest] = file.slice(prefix.length).split('/');
  if (!uploadId || !name || rest.length > 0) return null;
  return path.join(partsDir(app), uploadId, name);
}

export interface WrittenPart {
  size: number;
  /** The part's MD5, hex. */
  md5: string;
}

/**
 * Streams `source` into a new private file (0600) at `file`, hashing it with MD5 as it passes;
 * `onBytes` sees the running total before each chunk is written (and may throw to refuse it). The
 * file and its directory entry are on disk (fsynced) when this returns. On failure the file is gone.
 */
export async function writePartFile(
  app: AppContext,
  file: string,
  source: AsyncIterable<Uint8Array>,
  onBytes: (total: number) => Promise<void>,
): Promise<WrittenPart> {
  const target = localPath(app, file)!;
  const dir = path.dirname(target);
  const hash = crypto.createHash('md5');
  let size = 0;
  const handle = await createPrivate(dir, target);
  try {
    for await (const chunk of source) {
      size += chunk.byteLength;
      await onBytes(size);
      hash.update(chunk);
      await handle.write(chunk);
    }
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.promises.rm(target, { force: true });
    throw error;
  }
  await handle.close();
  await syncDir(dir);
  return { size, md5: hash.digest('hex') };
}

/** Creates the file, and its directory if need be: once more when the orphan sweep removed that directory, empty, in between. */
async function createPrivate(dir: string, target: string): Promise<fs.promises.FileHandle> {
  for (let attempt = 0; ; attempt++) {
    privateDir(dir);
    try {
      return await fs.promises.open(target, 'wx', PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
    }
  }
}

/** Makes a new directory entry durable: a file fsynced under an entry a crash can lose is lost too. */
async function syncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Deletes part files of this instance (another instance's are left to it). */
export async function removePartFiles(app: AppContext, files: string[]): Promise<void> {
  for (const file of files) {
    const local = localPath(app, file);
    if (local) await fs.promises.rm(local, { force: true });
  }
}

/** Deletes an upload's directory here, with whatever it holds: run once its rows are gone. */
export async function removeUploadDir(app: AppContext, uploadId: string): Promise<void> {
  await fs.promises.rm(path.join(partsDir(app), uploadId), { recursive: true, force: true });
}

/** Reads the parts' files one after the other, checking each holds the bytes its row says. */
export async function* concatenatedParts(app: AppContext, parts: { file: string; size: number }[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    const local = localPath(app, part.file);
    if (!local) throw new Error('A part of this upload is kept by another instance of the deployment');
    let read = 0;
    for await (const chunk of fs.createReadStream(local, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
      read += chunk.byteLength;
      yield chunk;
    }
    if (read !== Number(part.size)) throw new Error(`A part file holds ${read} bytes, not ${part.size}`);
  }
}
