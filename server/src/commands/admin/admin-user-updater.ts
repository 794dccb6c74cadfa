import type { AdminUserUpdateInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UserRow, UserUpdate } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { planChanger } from '../billing/plan-changer';

export const userNotFound = () => notFound('user_not_found', 'User not found');

/**
 * An administrator changes an account's status, role or plan. Disabling (status `inactive`) takes
 * effect at the account's next request (auth reads the user fresh) and ends its sessions, API
 * tokens, signed upload URLs and unfinished resumable uploads for good: enabling the account again
 * does not bring them back; an upload still streaming records nothing. A new plan is given as is, without payment, and replaces any subscription the account was
 * paying for. An administrator cannot disable or demote themself, so the panel can never lock its
 * last admin out.
 */
export async function adminUserUpdater(
  app: AppContext,
  admin: UserRow,
  userId: string,
  input: AdminUserUpdateInput,
  ip: string,
): Promise<UserRow> {
  const user = isUuid(userId) ? await app.stores.users.findById(userId) : undefined;
  if (!user) throw userNotFound();
  if (user.id === admin.id && (input.status === 'inactive' || (input.role && input.role !== 'admin'))) {
    throw badRequest('cannot_modify_self', 'You cannot disable or demote your own account');
  }
  const plan = input.planCode === undefined ? undefined : await app.stores.plans.findByCode(input.planCode);
  if (input.planCode !== undefined && !plan) throw notFound('plan_not_found', 'Plan not found');

  const changes: UserUpdate = {};
  const audit: Record<string, { from: string; to: string }> = {};
  const change = <K extends 'status' | 'role' | 'plan_code'>(field: K, label: string, value: UserRow[K] | undefined) => {
    if (value === undefined || value === user[field]) return;
    changes[field] = value;
    audit[label] = { from: String(user[field]), to: String(value) };
  };
  change('status', 'status', input.status);
  change('role', 'role', input.role);
  change('plan_code', 'planCode', input.planCode);
  if (Object.keys(changes).length === 0) return user;

  // A plan change goes through the billing rules: a running subscription ends (if the provider
  // refuses, nothing changes) and the referrer's paid-plan share follows the new plan.
  if (plan && changes.plan_code) await planChanger(app, user, plan, ip);
  if (changes.status === 'inactive') {
    // Revoked before the status flips: a crash in between leaves an active account signed out, never a
    // disabled one whose credentials come back when it is enabled.
    const at = nowIso();
    await app.stores.sessions.revokeAllForUser(user.id, at);
    await app.stores.tokens.revokeAllForUser(user.id, at);
    // Signed upload URLs and unfinished resumable uploads are credentials too.
    await app.stores.signedUploads.expireAllOfUser(user.id, at);
    await app.stores.resumable.expireAllOfUser(user.id, at);
  }
  const { plan_code: _planCode, ...rest } = changes;
  if (Object.keys(rest).length > 0) await app.stores.users.update(user.id, { ...rest, updated_at: nowIso() });
  await auditRecorder(app, {
    action: 'update_user',
    type: changes.status === 'inactive' || changes.role !== undefined ? 'warning' : 'info',
    user: admin,
    ip,
    details: { targetUserId: user.id, targetEmail: user.email, changes: audit },
  });
  return { ...user, ...changes };
}
