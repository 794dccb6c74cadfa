import { constants } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { acquireSlab, releaseSlab } from './slabs';

const PROBE_BYTES = 4096;

/**
 * Whether packs in `dir` can be written and read with O_DIRECT: some file systems refuse it when
 * the file is opened (tmpfs), others only on the first write. One sector is written and read
 * back at start, so that an upload never finds out halfway.
 */
export async function supportsDirectIo(dir: string): Promise<boolean> {
  const probe = path.join(dir, `.direct-io-probe-${process.pid}`);
  const slab = acquireSlab();
  try {
    const writer = await open(probe, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_DIRECT, 0o600);
    try {
      slab.fill(7, 0, PROBE_BYTES);
      await writer.write(slab, 0, PROBE_BYTES, 0);
    } finally {
      await writer.close();
    }
    const reader = await open(probe, constants.O_RDONLY | constants.O_DIRECT);
    try {
      const { bytesRead } = await reader.read(slab, 0, PROBE_BYTES, 0);
      return bytesRead === PROBE_BYTES;
    } finally {
      await reader.close();
    }
  } catch {
    return false;
  } finally {
    releaseSlab(slab);
    await rm(probe, { force: true });
  }
}
