import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import type { Authentication } from '../../../auth/authenticate';
import { hashRecoveryCode, newRecoveryCodes } from '../../../auth/two-factor';
import { conflict } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { nowIso } from '../../../lib/time';
import { auditRecorder } from '../../audit/audit-recorder';
import { requireSession } from './session-only';
import { throttledCodeCheck } from './throttled-code-check';

/** Turns two-factor on once a code from the new secret checks; answers the recovery codes, shown this once. */
export async function enrolmentConfirmer(app: AppContext, user: UserRow, how: Authentication, code: string, ip: string) {
  requireSession(how);
  if (user.two_factor_enabled_at) throw conflict('two_factor_already_enabled', 'Two-factor sign-in is already on');
  if (!(await app.stores.twoFactor.findSecret(user.id))) {
    throw conflict('two_factor_not_started', 'Start enrolment first: scan the QR code, then enter a code');
  }
  // Only an authenticator code proves the app holds the secret: no recovery code exists yet.
  await throttledCodeCheck(app, user, code, ip, { status: 400, action: 'enable_two_factor', totpOnly: true });
  const recoveryCodes = newRecoveryCodes();
  const now = nowIso();
  const enabled = await app.stores.twoFactor.enable(
    user.id,
    recoveryCodes.map((recovery) => ({ id: newId(), hash: hashRecoveryCode(recovery) })),
    now,
  );
  if (!enabled) throw conflict('two_factor_already_enabled', 'Two-factor sign-in is already on');
  await auditRecorder(app, { action: 'enable_two_factor', user, ip });
  return { recoveryCodes, enabledAt: now };
}
