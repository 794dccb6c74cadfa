import type { ErrorCode } from '@cairn/shared/api-types';
import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { auditRecorder } from '../../audit/audit-recorder';
import { loginLimiter } from '../lib/login-limiter';
import { codeChecker } from './code-checker';

/**
 * A code check under the password's own throttle: every attempt counts against the IP, a wrong
 * code against the email, a locked email is refused even the right code; the right code clears it.
 */
export async function throttledCodeCheck(
  app: AppContext,
  user: UserRow,
  code: string,
  ip: string,
  refusal: { status: number; action: 'login' | 'enable_two_factor' | 'disable_two_factor'; totpOnly?: boolean },
): Promise<'totp' | 'recovery'> {
  const limiter = loginLimiter(app);
  await limiter.beforeAttempt(ip, user.email);
  const passed = await codeChecker(app, user, code, refusal.totpOnly);
  if (!passed) {
    await limiter.onFailure(user.email);
    await auditRecorder(app, {
      action: refusal.action,
      type: 'warning',
      user,
      details: { outcome: 'failed', reason: 'wrong_two_factor_code' },
      ip,
    });
    const error: ErrorCode = 'invalid_two_factor_code';
    throw new AppError(refusal.status, error, 'Invalid or already used code');
  }
  await limiter.onSuccess(user.email);
  return passed;
}
