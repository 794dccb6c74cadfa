import type { AppContext } from '../../../context';
import type { InstanceRow, ResumableUploadRow } from '../../../db/schema';
import { nowIso } from '../../../lib/time';

/**
 * The live instance whose data directory holds the upload's partial file.
 * An owner gone (silent past the lease, or pruned) took the bytes with it: the upload is made due
 * for the sweep that gives its reserved quota back, and the answer is null.
 */
export async function resumableOwnerFinder(app: AppContext, row: ResumableUploadRow): Promise<InstanceRow | null> {
  const owner = await app.stores.instances.find(row.instance_id!);
  const alive = owner !== undefined && Date.parse(owner.heartbeat_at) > Date.now() - app.config.leaseMs;
  if (owner && alive) return owner;
  await app.stores.resumable.expireNow(row.id, nowIso());
  return null;
}
