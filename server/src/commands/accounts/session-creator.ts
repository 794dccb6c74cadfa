import type { LoginInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { addSeconds } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { loginLimiter } from './lib/login-limiter';

/** A password hash to verify against when the email is unknown, so both cases take equal time. */
let decoyHash: Promise<string> | null = null;

/** Logs a user in: throttled, constant-time for unknown emails, audited; returns a session JWT. */
export async function sessionCreator(app: AppContext, input: LoginInput, ip: string): Promise<{ token: string; expiresAt: string }> {
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
  await limiter.onSuccess(input.email);

  const now = new Date();
  // JWT `exp` has whole seconds: keep the session row equal to it.
  const expires = new Date(Math.floor(addSeconds(now, app.config.jwtTtlSeconds).getTime() / 1000) * 1000);
  const sessionId = newId();
  await app.stores.sessions.insert({
    id: sessionId,
    user_id: user.id,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    revoked_at: null,
    ip,
  });
  await app.stores.users.update(user.id, { last_active_at: now.toISOString() });
  const token = await app.jwt.sign({ sub: user.id, sid: sessionId, email: user.email, role: user.role }, expires);
  await auditRecorder(app, { action: 'login', user, ip });
  return { token, expiresAt: expires.toISOString() };
}
