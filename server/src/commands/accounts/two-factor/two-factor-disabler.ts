import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import type { Authentication } from '../../../auth/authenticate';
import { conflict } from '../../../lib/errors';
import { nowIso } from '../../../lib/time';
import { auditRecorder } from '../../audit/audit-recorder';
import { requireSession } from './session-only';
import { throttledCodeCheck } from './throttled-code-check';

/** Turns two-factor off with a current code or a recovery code; the secret and every recovery code go. */
export async function twoFactorDisabler(app: AppContext, user: UserRow, how: Authentication, code: string, ip: string): Promise<void> {
  requireSession(how);
  if (!user.two_factor_enabled_at) throw conflict('two_factor_not_enabled', 'Two-factor sign-in is off');
  await throttledCodeCheck(app, user, code, ip, { status: 400, action: 'disable_two_factor' });
  await app.stores.twoFactor.disable(user.id, nowIso());
  await auditRecorder(app, { action: 'disable_two_factor', user, ip });
}
