import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context';
import { isoAt } from '../../jobs/clock';
import { dropPart, expiredUploads, partByFile, partsWithFilePrefix } from './multipart-store';
import { multipartRemover } from './multipart-remover';
import { filesBeingWritten, localPath, partsDir } from './part-files';

/** Uploads ended by one prune at most: a backlog is spread over runs rather than one long write. */
const EXPIRED_PER_PRUNE = 1000;

/**
 * Aborts the multipart uploads past their expiry (24 hours after they began): their rows, their
 * parts' reserved quota and their files here go; an upload a Complete is importing is left to it.
 * Then `removeOrphanedParts` on this instance. Idempotent; returns how many uploads it ended.
 */
export async function pruneExpiredMultipart(app: AppContext, now = app.clock.now()): Promise<number> {
  let pruned = 0;
  for (const id of await expiredUploads(app.db, isoAt(now), EXPIRED_PER_PRUNE)) {
    if ((await multipartRemover(app, id)) === 'removed') pruned++;
  }
  await removeOrphanedParts(app);
  return pruned;
}

/**
 * Sets this instance's part files and the rows right after a crash: a file no row names (a part
 * that was streaming, one replaced or an upload ended while its files could not be deleted) goes,
 * unless this process is writing it; a part row whose file is gone is dropped with the quota it
 * reserved, so that Complete answers InvalidPart for it and the client sends it again. Run on
 * every instance, for its own disk.
 */
export async function removeOrphanedParts(app: AppContext): Promise<void> {
  const root = partsDir(app);
  const dirs = await fs.promises.readdir(root).catch(() => [] as string[]);
  for (const uploadId of dirs) {
    const names = await fs.promises.readdir(path.join(root, uploadId)).catch(() => [] as string[]);
    for (const name of names) {
      const file = `${app.instanceId}/${uploadId}/${name}`;
      // Checked before the database: a file being written is in the set from before it exists until its row is committed.
      if (filesBeingWritten(app).has(file) || (await partByFile(app.db, file))) continue;
      await fs.promises.rm(path.join(root, uploadId, name), { force: true });
    }
    // Removed only when empty: a part being written there keeps it.
    if (names.length === 0 || (await fs.promises.readdir(path.join(root, uploadId)).catch(() => [])).length === 0) {
      await fs.promises.rmdir(path.join(root, uploadId)).catch(() => undefined);
    }
  }
  for (const part of await partsWithFilePrefix(app.db, `${app.instanceId}/`)) {
    const local = localPath(app, part.file);
    if (!local || fs.existsSync(local)) continue;
    await app.db.transaction().execute((trx) => dropPart(trx, part.multipart_id, part.part_number, part.file));
  }
}
