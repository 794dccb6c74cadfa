import { MIB, type AdminBonusGrantInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { RewardRow, UserRow } from '../../db/schema';
import { isUuid, newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { userNotFound } from '../admin/admin-user-updater';
import { auditRecorder } from '../audit/audit-recorder';

/**
 * An administrator gives an account bonus storage by hand. The grant is one row of the rewards
 * ledger (`admin_grant`, the administrator as its source), so the account's bonus stays the sum
 * of its ledger; the note saying why goes to the audit log.
 */
export async function bonusGranter(
  app: AppContext,
  admin: UserRow,
  userId: string,
  input: AdminBonusGrantInput,
  ip: string,
): Promise<{ user: UserRow; reward: RewardRow }> {
  const user = isUuid(userId) ? await app.stores.users.findById(userId) : undefined;
  if (!user) throw userNotFound();
  const reward: RewardRow = {
    id: newId(),
    user_id: user.id,
    bytes: input.megabytes * MIB,
    reason: 'admin_grant',
    source_user_id: admin.id,
    order_id: null,
    created_at: nowIso(),
  };
  await app.db.transaction().execute((trx) => app.stores.rewards.record(trx, reward));
  await auditRecorder(app, {
    action: 'grant_bonus',
    user: admin,
    ip,
    details: { targetUserId: user.id, targetEmail: user.email, megabytes: input.megabytes, note: input.note },
  });
  const updated = await app.stores.users.findById(user.id);
  return { user: updated ?? user, reward };
}
