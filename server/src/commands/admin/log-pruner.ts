import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { addDays } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';

/**
 * Keeps the last `olderThanDays` days of the audit log and deletes everything older. The prune is
 * itself logged, after the delete, so its own row survives it.
 */
export async function logPruner(app: AppContext, admin: UserRow, olderThanDays: number, ip: string): Promise<{ removed: number }> {
  const before = addDays(new Date(), -olderThanDays).toISOString();
  const removed = await app.stores.admin.logs.pruneBefore(before);
  await auditRecorder(app, { action: 'prune_logs', user: admin, ip, details: { olderThanDays, before, removed } });
  return { removed };
}
