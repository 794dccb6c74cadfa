import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { hashRecoveryCode, looksLikeTotp, normalizeTotp, openSecret, totpStep } from '../../../auth/two-factor';
import { nowIso } from '../../../lib/time';

/**
 * Checks a second factor: a current authenticator code not used before (each time step is good
 * once), or an unused recovery code, which is spent. Answers which one passed, or null.
 */
export async function codeChecker(
  app: AppContext,
  user: Pick<UserRow, 'id'>,
  code: string,
  totpOnly = false,
): Promise<'totp' | 'recovery' | null> {
  if (looksLikeTotp(code)) {
    const stored = await app.stores.twoFactor.findSecret(user.id);
    if (!stored) return null;
    const step = totpStep(await openSecret(app, stored.secret_ciphertext), normalizeTotp(code));
    if (step === null) return null;
    return (await app.stores.twoFactor.useStep(user.id, step)) ? 'totp' : null;
  }
  if (totpOnly) return null;
  return (await app.stores.twoFactor.useRecoveryCode(user.id, hashRecoveryCode(code), nowIso())) ? 'recovery' : null;
}
