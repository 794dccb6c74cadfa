import type { AppContext } from '../../../context';
import { rateLimited } from '../../../lib/shared-limiters';
import { rateLimitHit, TOO_MANY_ATTEMPTS } from './rate-limit';

/**
 * Login throttling, counted in the database so that all instances share it (the same limiters as
 * the request limits): every attempt counts against the client IP, failed attempts count against
 * the email.
 */
export function loginLimiter(app: AppContext) {
  const { perIp, perEmail, windowSeconds } = app.config.loginLimits;
  const byEmail = app.limiters.of('login:email', perEmail, windowSeconds);

  return {
    /** Before checking the password: counts the IP attempt, refuses a locked email. */
    async beforeAttempt(ip: string, email: string): Promise<void> {
      await rateLimitHit(app, 'login:ip', ip, perIp, windowSeconds);
      // Read without counting: a failure later records the attempt.
      const spent = await byEmail.get(email);
      if (spent && spent.consumedPoints >= perEmail) throw rateLimited(perEmail, spent, TOO_MANY_ATTEMPTS);
    },
    async onFailure(email: string): Promise<void> {
      await byEmail.consume(email).catch(() => undefined);
    },
    async onSuccess(email: string): Promise<void> {
      await byEmail.delete(email);
    },
  };
}
