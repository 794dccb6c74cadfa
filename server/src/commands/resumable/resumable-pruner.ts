import type { AppContext } from '../../context';
import { discardResumable } from './resumable-finisher';

/** A used or expired signed upload URL is still told apart from an unknown one this long. */
const SIGNED_URL_RETENTION_MS = 7 * 24 * 3600_000;

/**
 * Deletes resumable uploads past their expiry — the partial file, and the quota it still
 * reserved — and signed upload URLs long expired. Idempotent, so every instance may run it.
 */
export async function resumablePruner(app: AppContext, now = Date.now()): Promise<number> {
  let pruned = 0;
  for (const id of await app.stores.resumable.expiredBefore(new Date(now).toISOString())) {
    await discardResumable(app, id);
    pruned++;
  }
  await app.stores.signedUploads.pruneExpiredBefore(new Date(now - SIGNED_URL_RETENTION_MS).toISOString());
  return pruned;
}
