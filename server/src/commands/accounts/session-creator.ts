import type { LoginInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../../lib/errors';
import { auditRecorder } from '../audit/audit-recorder';
import { loginLimiter } from './lib/login-limiter';
import { sessionOpener } from './lib/session-opener';
import { challengeIssuer } from './two-factor/challenge-issuer';

/** A password hash to verify against when the email is unknown, so both cases take equal time. */
let decoyHash: Promise<string> | null = null;

export type LoginOutcome = { token: string; expiresAt: string } | { twoFactorRequired: true; challenge: string; expiresAt: string };

/**
 * Logs a user in: throttled, constant-time for unknown emails, audited; returns a session JWT,
 * or, for an account with two-factor sign-in, a challenge to finish with a code.
 */
export async function sessionCreator(app: AppContext, input: LoginInput, ip: string): Promise<LoginOutcome> {
  const limiter = loginLimiter(app);
  await limiter.beforeAttempt(ip, input.email);

  const user = await app.stores.users.findByEmail(input.email);
  decoyHash ??= app.passwords.hash('decoy-password-never-used');
  const valid = await app.passwords.verify(user?.password_hash ?? (await decoyHash), input.password);
  if (!user || !valid) {
    await limiter.onFailure(input.email);
    await auditRecorder(app, {
      action: 'login',
      type: 'warning',
      user: { id: user?.id ?? null, email: input.email },
      details: { outcome: 'failed', reason: user ? 'wrong_password' : 'unknown_email' },
      ip,
    });
    throw unauthorized('invalid_credentials', 'Invalid email or password');
  }
  if (user.status !== 'active') {
    await auditRecorder(app, { action: 'login', type: 'warning', user, details: { outcome: 'refused', reason: 'disabled' }, ip });
    throw forbidden('account_disabled', 'Account disabled, contact the administrator');
  }
  // The email's failure count stands until the code is right too: a password alone must not
  // reset the count of wrong codes, or each new challenge would buy a fresh round of guesses.
  if (user.two_factor_enabled_at) return challengeIssuer(app, user);
  await limiter.onSuccess(input.email);
  return sessionOpener(app, user, ip);
}
