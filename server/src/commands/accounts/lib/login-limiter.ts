import type { AppContext } from '../../../context';
import { tooManyRequests } from '../../../lib/errors';
import { rateLimitHit } from './rate-limit';

/**
 * Fixed-window login throttling, counted in the database so that all instances share it:
 * every attempt counts against the client IP, failed attempts count against the email.
 */
export function loginLimiter(app: AppContext) {
  const { perIp, perEmail, windowSeconds } = app.config.loginLimits;
  const windowMs = windowSeconds * 1000;

  const hit = (key: string, max: number) => rateLimitHit(app, key, max, windowSeconds);

  async function blockedFor(key: string, max: number): Promise<void> {
    // Peek without counting: a failure later records the hit.
    const row = await app.stores.rateLimits.peek(key);
    if (!row) return;
    const windowEnd = new Date(row.window_start).getTime() + windowMs;
    if (Number(row.count) >= max && windowEnd > Date.now()) {
      throw tooManyRequests(Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000)));
    }
  }

  return {
    /** Before checking the password: counts the IP attempt, refuses a locked email. */
    async beforeAttempt(ip: string, email: string): Promise<void> {
      await hit(`login:ip:${ip}`, perIp);
      await blockedFor(`login:email:${email}`, perEmail);
    },
    async onFailure(email: string): Promise<void> {
      await hit(`login:email:${email}`, perEmail).catch(() => undefined);
    },
    async onSuccess(email: string): Promise<void> {
      await app.stores.rateLimits.clear(`login:email:${email}`);
    },
  };
}
