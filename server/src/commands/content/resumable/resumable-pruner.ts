import fs from 'node:fs';
import type { AppContext } from '../../../context';
import { removePartial, RESUMABLE_TTL_MS, resumableDir } from './lib/partial-store';
import { resumableDiscarder } from './resumable-discarder';

/** A used or expired signed upload URL is still told apart from an unknown one this long. */
const SIGNED_URL_RETENTION_MS = 7 * 24 * 3600_000;

/**
 * Deletes resumable uploads past their expiry — the partial file, and the quota it still
 * reserved —, signed upload URLs long expired and instances long gone. Idempotent. Partial files
 * of this instance whose upload is gone go too; every instance removes its own (`orphanedPartialsRemover`).
 */
export async function resumablePruner(app: AppContext, now = Date.now()): Promise<number> {
  let pruned = 0;
  for (const id of await app.stores.resumable.expiredBefore(new Date(now).toISOString())) {
    await resumableDiscarder(app, id);
    pruned++;
  }
  await app.stores.signedUploads.pruneExpiredBefore(new Date(now - SIGNED_URL_RETENTION_MS).toISOString());
  await orphanedPartialsRemover(app);
  // An instance silent for longer than an upload lives holds nothing anyone can still ask for.
  await app.stores.instances.pruneSilentSince(new Date(now - RESUMABLE_TTL_MS - app.config.leaseMs).toISOString());
  return pruned;
}

/**
 * Deletes partial files here whose upload is gone: another instance of the deployment pruned or
 * dropped it, and could not reach this data directory. A row is written before its file, so a
 * file without one is never an upload still starting.
 */
export async function orphanedPartialsRemover(app: AppContext): Promise<void> {
  const names = await fs.promises.readdir(resumableDir(app)).catch(() => [] as string[]);
  const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
  for (const id of ids) {
    if (!(await app.stores.resumable.find(id))) await removePartial(app, id);
  }
}
