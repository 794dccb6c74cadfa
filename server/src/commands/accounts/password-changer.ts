import type { PasswordChangeInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { Authentication } from '../../auth/authenticate';
import { badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';

/** Changes the password after checking the current one; every other session is signed out. */
export async function passwordChanger(
  app: AppContext,
  user: UserRow,
  how: Authentication,
  input: PasswordChangeInput,
  ip: string,
): Promise<void> {
  if (!(await app.passwords.verify(user.password_hash, input.currentPassword))) {
    throw badRequest('wrong_password', 'Current password is incorrect');
  }
  const now = nowIso();
  await app.stores.users.update(user.id, { password_hash: await app.passwords.hash(input.newPassword), updated_at: now });
  await app.stores.sessions.revokeAllForUser(user.id, now, how.kind === 'session' ? how.sessionId : undefined);
  await auditRecorder(app, { action: 'change_password', user, ip });
}
