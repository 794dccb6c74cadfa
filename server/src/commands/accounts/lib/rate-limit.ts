import type { AppContext } from '../../../context';
import { tooManyRequests } from '../../../lib/errors';

/**
 * Counts one hit against `key` in a fixed window shared by every instance through the database;
 * throws 429 with Retry-After once more than `max` hits fall in the window.
 */
export async function rateLimitHit(app: AppContext, key: string, max: number, windowSeconds: number): Promise<void> {
  const now = new Date();
  const windowMs = windowSeconds * 1000;
  const result = await app.stores.rateLimits.hit(key, now.toISOString(), new Date(now.getTime() - windowMs).toISOString());
  if (result.count > max) {
    const retryMs = new Date(result.windowStart).getTime() + windowMs - now.getTime();
    throw tooManyRequests(Math.max(1, Math.ceil(retryMs / 1000)));
  }
}
